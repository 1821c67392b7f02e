#!/bin/bash
# Adapted from the project notes' Flatpak recipe; the project carries its own copy.
# Build a Debian-bookworm based Flatpak runtime + SDK offline-ish (only needs
# the Debian apt archive), export them into a local OSTree repo and install
# them into the --user flatpak installation.
#
# Usage: build-runtime.sh [WORKDIR]
# Env:   ID_PREFIX (default org.example.Debian; org.gnome gives a stand-in
#        for org.gnome.Platform/Sdk), BRANCH (default 12), REMOTE (debian-local),
#        SUITE (bookworm), MIRROR (default: the first Debian archive in apt's own sources),
#        WITH_MESA=1 to add Mesa (llvmpipe) GL drivers to the runtime,
#        ONLY_PLATFORM=1 to skip the SDK.
set -euo pipefail

W=${1:?usage: build-runtime.sh WORKDIR}
ID_PREFIX=${ID_PREFIX:-org.example.Debian}
BRANCH=${BRANCH:-12}
SUITE=${SUITE:-bookworm}
MIRROR=${MIRROR:-$(sed -n 's/^URIs: *\([^ ]*\/debian\)$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n1)}
[ -n "$MIRROR" ] || MIRROR=$(awk '$1=="deb"{print $2; exit}' /etc/apt/sources.list)
ARCH=$(flatpak --default-arch)
REPO=$W/repo
CACHE=$W/aptcache

PLATFORM_PKGS="libgtk-4-1,libadwaita-1-0,libgtk-4-bin,librsvg2-common,iso-codes,\
adwaita-icon-theme,hicolor-icon-theme,shared-mime-info,fonts-dejavu-core,fontconfig,\
libglib2.0-bin,dconf-gsettings-backend,ca-certificates,libjson-glib-1.0-0,zlib1g,liburing2"
if [ "${WITH_MESA:-0}" = 1 ]; then
  PLATFORM_PKGS="$PLATFORM_PKGS,libegl1,libgl1,libgl1-mesa-dri,libegl-mesa0,libglx-mesa0"
fi
SDK_EXTRA_PKGS="gcc,g++,libc6-dev,make,meson,ninja-build,pkg-config,libgtk-4-dev,\
libadwaita-1-dev,libjson-glib-dev,zlib1g-dev,liburing-dev,gettext,itstool,appstream,appstream-util,desktop-file-utils,\
libglib2.0-dev-bin,git,patch,file"

mkdir -p "$W" "$CACHE"

t() { local s=$SECONDS; "$@"; echo "### TIMING: $* -> $((SECONDS - s))s" >&2; }

# mmdebstrap wrapper: --variant=essential keeps it small (no apt inside);
# documentation, man pages and locales are excluded; a shared .deb cache speeds up the 2nd run.
debstrap() {
  local target=$1 pkgs=$2
  rm -rf "$target"
  mmdebstrap --variant=essential --include="$pkgs" \
    --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    --skip=essential/unlink \
    --setup-hook='mkdir -p "$1"/var/cache/apt/archives/' \
    --setup-hook="sync-in $CACHE /var/cache/apt/archives/" \
    --customize-hook="sync-out /var/cache/apt/archives $CACHE" \
    "$SUITE" "$target" "$MIRROR"
}

# Convert a rootfs into a flatpak build dir (metadata + usr/) and export it.
to_flatpak() {
  local rootfs=$1 name=$2 bdir=$W/build-$2
  rm -rf "$bdir"; mkdir -p "$bdir"
  # Runtime content = /usr of the rootfs; /etc goes to /usr/etc (flatpak
  # binds files/etc onto /etc in the sandbox).
  mv "$rootfs/usr" "$bdir/usr"
  rm -rf "$rootfs/etc/shadow" "$rootfs/etc/gshadow" "$rootfs/etc/shadow-" \
         "$rootfs/etc/gshadow-" "$rootfs/etc/machine-id" "$rootfs/etc/resolv.conf"
  mv "$rootfs/etc" "$bdir/usr/etc"
  # Let ld.so find /app/lib (flatpak regenerates ld.so.cache from this).
  cat > "$bdir/usr/etc/ld.so.conf.d/00-flatpak.conf" <<'EOF'
include /run/flatpak/ld.so.conf.d/app-*.conf
include /app/etc/ld.so.conf
/app/lib
include /run/flatpak/ld.so.conf.d/runtime-*.conf
EOF
  rm -rf "$rootfs"
  cat > "$bdir/metadata" <<EOF
[Runtime]
name=$name
runtime=$ID_PREFIX.Platform/$ARCH/$BRANCH
sdk=$ID_PREFIX.Sdk/$ARCH/$BRANCH
EOF
  flatpak build-export --runtime --files=usr --disable-fsync --no-update-summary \
    "$REPO" "$bdir" "$BRANCH"
  rm -rf "$bdir"
}

t debstrap "$W/platform-root" "$PLATFORM_PKGS"
[ "${ONLY_PLATFORM:-0}" = 1 ] || t debstrap "$W/sdk-root" "$PLATFORM_PKGS,$SDK_EXTRA_PKGS"
du -sh "$W/platform-root" "$W/sdk-root" "$CACHE" >&2 || true

[ -d "$REPO" ] || ostree init --repo="$REPO" --mode=archive-z2
t to_flatpak "$W/platform-root" "$ID_PREFIX.Platform"
[ "${ONLY_PLATFORM:-0}" = 1 ] || t to_flatpak "$W/sdk-root" "$ID_PREFIX.Sdk"
t flatpak build-update-repo "$REPO"
du -sh "$REPO" >&2

REMOTE=${REMOTE:-debian-local}
flatpak --user remote-add --if-not-exists --no-gpg-verify "$REMOTE" "file://$REPO"
t flatpak --user install -y --noninteractive "$REMOTE" \
  "$ID_PREFIX.Platform//$BRANCH" $([ "${ONLY_PLATFORM:-0}" = 1 ] || echo "$ID_PREFIX.Sdk//$BRANCH")
flatpak --user list --runtime
du -sh "${FLATPAK_USER_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/flatpak}" >&2
