#!/bin/sh
# tools/fetch-arm64-deps.sh [DEST]: everything the `aarch64` CMake preset needs on a Debian host.
#  1. The cross toolchain and the emulator (apt-get, as root; skipped when already installed):
#     gcc-aarch64-linux-gnu g++-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user.
#  2. arm64 SLEEF and Check (libsleef3 libsleef-dev check libsubunit0 libsubunit-dev), downloaded
#     through a private, temporary APT configuration and unpacked into DEST (default: .cross/arm64
#     in the source tree, ignored by git). The archive is the one this machine's own apt sources
#     name for its release; no host name is written here, and neither /etc/apt nor dpkg's
#     architecture list is touched.
# Idempotent: a stamp in DEST records what was unpacked; a second run only checks and returns.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEST=${1:-$ROOT/.cross/arm64}
HOST_PKGS="gcc-aarch64-linux-gnu g++-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user"
ARM64_PKGS="libsleef3 libsleef-dev check libsubunit0 libsubunit-dev"
STAMP="$DEST/.fetched"
STAMP_TEXT="arm64: $ARM64_PKGS"

say() { printf 'fetch-arm64-deps: %s\n' "$*"; }

# ---- 1. host packages --------------------------------------------------------------------------
missing=
for p in $HOST_PKGS; do
    if ! dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        missing="$missing $p"
    fi
done
if [ -n "$missing" ]; then
    if [ "$(id -u)" != 0 ]; then
        say "missing host packages:$missing (run this script as root to install them)" >&2
        exit 1
    fi
    say "installing$missing"
    export DEBIAN_FRONTEND=noninteractive
    # shellcheck disable=SC2086
    if ! apt-get install -y -qq --no-install-recommends $missing >/dev/null; then
        apt-get update -qq
        # shellcheck disable=SC2086
        apt-get install -y -qq --no-install-recommends $missing >/dev/null
    fi
else
    say "host packages present"
fi

# ---- 2. arm64 libraries ------------------------------------------------------------------------
if [ -f "$STAMP" ] && [ "$(head -n 1 "$STAMP")" = "$STAMP_TEXT" ] &&
   [ -f "$DEST/usr/include/aarch64-linux-gnu/sleef.h" ] && [ -f "$DEST/usr/include/check.h" ] &&
   [ -f "$DEST/usr/lib/aarch64-linux-gnu/pkgconfig/check.pc" ]; then
    say "arm64 libraries present in $DEST"
    exit 0
fi

# shellcheck disable=SC1091
. /etc/os-release
SUITE=${VERSION_CODENAME:?no VERSION_CODENAME in /etc/os-release}

# The first source of type deb that serves "$SUITE" with component main: URI and Signed-By, from
# deb822 files (sources.list.d/*.sources) or one-line lists (sources.list, sources.list.d/*.list).
find_source() {
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        awk -v suite="$SUITE" '
            function flush() {
                if (types ~ /(^| )deb( |$)/ && (" " suites " ") ~ (" " suite " ") &&
                    (" " comps " ") ~ / main / && uri != "" && enabled != "no") {
                    print uri " " signed; found = 1; exit
                }
                types = suites = comps = uri = signed = enabled = ""
            }
            /^[ \t]*#/ { next }
            /^[ \t]*$/ { flush(); next }
            {
                key = tolower($1); sub(/:$/, "", key); $1 = ""; sub(/^[ \t]+/, "")
                if (key == "types") types = $0
                else if (key == "suites") suites = $0
                else if (key == "components") comps = $0
                else if (key == "uris") { split($0, u, /[ \t]+/); uri = u[1] }
                else if (key == "signed-by") signed = $0
                else if (key == "enabled") enabled = tolower($0)
            }
            END { if (!found) flush() }' "$f" | head -n 1
    done
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$f" ] || continue
        awk -v suite="$SUITE" '
            $1 != "deb" { next }
            {
                i = 2; signed = ""
                if ($2 ~ /^\[/) {                      # [opt=value ...]
                    while (i <= NF) {
                        if ($i ~ /^\[?signed-by=/) { signed = $i; sub(/^\[?signed-by=/, "", signed); sub(/\]$/, "", signed) }
                        if ($i ~ /\]$/) { i++; break }
                        i++
                    }
                }
                if ($(i + 1) != suite) next
                for (j = i + 2; j <= NF; j++) if ($j == "main") { print $i " " signed; exit }
            }' "$f" | head -n 1
    done
}

src=$(find_source | head -n 1)
URI=${src%% *}
SIGNED=${src#* }
[ "$SIGNED" = "$src" ] && SIGNED=
if [ -z "$URI" ]; then
    say "no deb source for '$SUITE' with component main found in /etc/apt" >&2
    exit 1
fi
case "$SIGNED" in
    /*) ;;
    *) SIGNED=/usr/share/keyrings/debian-archive-keyring.gpg ;;
esac
say "downloading arm64 $ARM64_PKGS from the $SUITE archive of /etc/apt"

W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT INT TERM
mkdir -p "$W/lists/partial" "$W/cache/archives/partial" "$W/debs" "$W/empty"
echo "deb [arch=arm64 signed-by=$SIGNED] $URI $SUITE main" >"$W/sources.list"
cat >"$W/apt.conf" <<EOC
APT::Architecture "arm64";
APT::Architectures { "arm64"; };
Dir::State::Lists "$W/lists";
Dir::State::status "/dev/null";
Dir::Cache "$W/cache";
Dir::Etc::SourceList "$W/sources.list";
Dir::Etc::SourceParts "$W/empty";
Dir::Etc::Preferences "$W/empty/preferences";
Dir::Etc::PreferencesParts "$W/empty";
APT::Sandbox::User "root";
EOC
APT_CONFIG="$W/apt.conf"
export APT_CONFIG
apt-get -qq update
# shellcheck disable=SC2086
(cd "$W/debs" && apt-get -qq download $ARM64_PKGS)

rm -rf "$DEST"
mkdir -p "$DEST"
for d in "$W"/debs/*.deb; do
    dpkg-deb -x "$d" "$DEST"
done
{
    echo "$STAMP_TEXT"
    for d in "$W"/debs/*.deb; do basename "$d"; done
} >"$STAMP"
say "unpacked into $DEST"
