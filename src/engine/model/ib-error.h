/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define IB_ERROR (ib_error_quark ())

/* Error codes of the engine. The CLI maps IB_ERROR_INVALID to exit code 2,
 * IB_ERROR_CANCELLED to 130 and everything else to 1. */
typedef enum
{
  IB_ERROR_INVALID,     /* bad plan, option or argument: the message names it */
  IB_ERROR_NO_SPACE,    /* not enough free space (message gives both numbers) */
  IB_ERROR_IO,          /* read or write failed: the message names the file */
  IB_ERROR_SHORT_READ,  /* bytes read != file size */
  IB_ERROR_VERIFY,      /* CRC-32 mismatch */
  IB_ERROR_CANCELLED,
  IB_ERROR_FORMAT,      /* malformed report file */
  IB_ERROR_UNSUPPORTED, /* not possible on this OS / file system */
} IbErrorEnum;

GQuark ib_error_quark (void);

G_END_DECLS
