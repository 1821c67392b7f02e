/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "engine/model/ib-error.h"

G_DEFINE_QUARK (ib-error-quark, ib_error)
