/* SPDX-License-Identifier: GPL-3.0-or-later */
/* placeholder: to be written */
#include "config.h"
