# shellcheck shell=bash
# Sourced by run.sh and test.sh: installs, with apt-get, the Debian 12 packages
# that are missing. Only what is missing is installed; nothing when all is there.

IB_BUILD_PKGS=(
  meson ninja-build pkg-config gcc gettext
  libglib2.0-dev libglib2.0-bin libjson-glib-dev zlib1g-dev
  libcairo2-dev libpango1.0-dev libgtk-4-dev libadwaita-1-dev liburing-dev
  desktop-file-utils appstream python3
)
# Everything is installed with --no-install-recommends, so what GTK only
# recommends is named here: at-spi2-core gives GTK its accessibility bus (screen
# readers; GTK warns on every start without it). build-aux/fresh-root.sh proves
# these lists on a brand-new Debian 12 root.
IB_RUN_PKGS=(
  fonts-cantarell fonts-dejavu-core at-spi2-core
)
IB_TEST_PKGS=(
  xvfb xauth xdotool imagemagick dbus-daemon dbus-bin at-spi2-core
  fonts-cantarell fonts-dejavu-core poppler-utils libxml2-utils
  valgrind clang libclang-rt-14-dev util-linux mount git
  # tests/checks/clang-format.sh: the style of changed lines
  clang-format
  # tests/gui/atspi-walk.py: the accessibility tree read over AT-SPI
  python3-gi gir1.2-atspi-2.0
  # tests/faults: faultfs (FUSE) and loop-mounted xfs / btrfs images
  libfuse3-dev fuse3 xfsprogs btrfs-progs
)
# tests/checks/flatpak-lint.sh: static checks of the Flatpak manifest (no runtime).
IB_FLATPAK_PKGS=(
  jq python3 python3-jsonschema flatpak-builder desktop-file-utils appstream libglib2.0-bin
)
# flatpak/ci.sh: a stand-in GNOME runtime, flatpak-builder, a bundle, a launch.
IB_FLATPAK_CI_PKGS=(
  "${IB_FLATPAK_PKGS[@]}" flatpak elfutils ostree mmdebstrap
  xvfb xauth xdotool imagemagick dbus-daemon dbus-bin
)
# build-aux/fresh-root.sh: a new Debian 12 root in a private mount namespace.
IB_FRESH_ROOT_PKGS=(
  mmdebstrap util-linux git python3
)
# Only for tests/perf (compare-peers, profiling); ./test.sh does not run perf.
IB_PERF_PKGS=(
  fio nodejs linux-perf python3
)

ib_ensure_packages () {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing: ${missing[*]}" >&2
  local sudo=
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq >/dev/null || true
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
