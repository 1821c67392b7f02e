/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* Describes this machine and the file system of @target_dir (OS, kernel, CPU,
 * memory, GLib version, fs type and mount options, block device, free space,
 * tmpfs/FUSE). GTK/libadwaita versions are left NULL: the GUI fills them. */
IbEnvironment *ib_environment_probe (const char *target_dir);

/* What the file system does to the bytes, read from its type and mount
 * options (so an older report's environment answers too): whether it copies
 * on write (btrfs without nodatacow, bcachefs, zfs), and the compression its
 * options turn on ("zstd", "lzo", ...), NULL when none is known. */
gboolean       ib_environment_copy_on_write (const IbEnvironment *env);
char          *ib_environment_compression   (const IbEnvironment *env);

G_END_DECLS
