/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ib-types.h"

G_BEGIN_DECLS

/* Describes this machine and the file system of @target_dir (OS, kernel, CPU,
 * memory, GLib version, fs type and mount options, block device, free space,
 * tmpfs/FUSE). GTK/libadwaita versions are left NULL: the GUI fills them. */
IbEnvironment *ib_environment_probe (const char *target_dir);

G_END_DECLS
