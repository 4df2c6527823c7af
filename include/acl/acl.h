/* aclnn-cpu: umbrella header, as CANN's acl/acl.h. */
#ifndef ACL_ACL_H_
#define ACL_ACL_H_

#include "acl_base.h"
#include "acl_rt.h"

#endif /* ACL_ACL_H_ */
