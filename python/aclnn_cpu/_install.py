# Where this copy of the package was installed from. In the source tree PREFIX is None;
# `cmake --install` writes the install prefix here when it copies the package to <prefix>/python,
# so a `pip install <prefix>/python` finds <prefix>/lib64/libaclnn_cpu.so.0 without any variable.
PREFIX = None
