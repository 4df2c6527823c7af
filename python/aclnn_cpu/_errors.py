"""Exceptions raised by aclnn_cpu.

Every failure the library reports becomes an :class:`AclnnError` (or a subclass chosen by the
status code) carrying the status code and the library's ``aclGetRecentErrMsg()`` text. Problems
found in Python before anything reaches the library (an object that is not an array, a view the
C API cannot describe, a read-only output) raise ordinary ``TypeError`` / ``ValueError``.
"""
from __future__ import annotations

from typing import Dict, Optional, Type

ACL_SUCCESS = 0
ACL_ERROR_INVALID_PARAM = 100000
ACLNN_ERR_PARAM_NULLPTR = 161001
ACLNN_ERR_PARAM_INVALID = 161002
ACLNN_ERR_INNER = 561000
ACLNN_ERR_INNER_TILING_ERROR = 561002
ACLNN_ERR_INNER_NULLPTR = 561103

__all__ = [
    "AclnnError",
    "ParamNullptrError",
    "ParamInvalidError",
    "InnerError",
    "AclParamError",
    "LibraryNotFoundError",
    "error_for_status",
]


class AclnnError(RuntimeError):
    """A call into the library failed.

    Attributes:
        status: the ACL / ACLNN status code the C API returned (e.g. 161002).
        message: the library's ``aclGetRecentErrMsg()`` text for the failure.
        api: the C function that failed (e.g. ``"aclnnEluBackwardGetWorkspaceSize"``).
    """

    def __init__(self, status: int, message: str, api: str = "") -> None:
        self.status = int(status)
        self.message = message
        self.api = api
        where = f"{api}: " if api and not message.startswith(api) else ""
        super().__init__(f"[{self.status}] {where}{message}" if message else f"[{self.status}] {api} failed")


class ParamNullptrError(AclnnError, ValueError):
    """ACLNN_ERR_PARAM_NULLPTR (161001): a required argument or data pointer was missing."""


class ParamInvalidError(AclnnError, ValueError):
    """ACLNN_ERR_PARAM_INVALID (161002): a dtype, shape, view or value the operator refuses."""


class InnerError(AclnnError):
    """ACLNN_ERR_INNER* (561xxx): the library could not carry out a valid call (e.g. a tiling that
    refuses the platform numbers, an allocation failure)."""


class AclParamError(AclnnError, ValueError):
    """ACL_ERROR_INVALID_PARAM (100000): a runtime or extension call got a bad argument."""


class LibraryNotFoundError(ImportError):
    """The shared library libaclnn_cpu.so.0 could not be found or loaded. The message lists every
    place that was tried and why each failed."""


_BY_STATUS: Dict[int, Type[AclnnError]] = {
    ACLNN_ERR_PARAM_NULLPTR: ParamNullptrError,
    ACLNN_ERR_PARAM_INVALID: ParamInvalidError,
    ACL_ERROR_INVALID_PARAM: AclParamError,
}


def error_for_status(status: int, message: str, api: str = "") -> AclnnError:
    """The exception object for a non-zero status (a subclass of :class:`AclnnError`)."""
    cls: Optional[Type[AclnnError]] = _BY_STATUS.get(int(status))
    if cls is None:
        cls = InnerError if 561000 <= int(status) < 562000 else AclnnError
    return cls(status, message, api)
