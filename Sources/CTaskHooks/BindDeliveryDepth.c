#include "BindDeliveryDepth.h"

__thread long bindscript_delivery_depth = 0;
