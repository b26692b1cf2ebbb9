#!/usr/bin/env bash
# Installs the Debian 12 packages animserver builds, tests and runs against, then checks for Swift 6.
#
# Idempotent: when every package is already installed it does not touch apt at all (set ANIMSERVER_FORCE_APT=1
# to run apt-get anyway). Needs root, or sudo when run as another user. Swift itself is not installed here.
set -euo pipefail

# The graphics, image and font libraries plus systemd (headers, and systemd-socket-activate for the
# socket-activation test), libseat (the DRM output's sessions through logind or seatd), libinput (the input
# devices, through the same sessions), python3
# (protocol/examples/client.py, run by a test), TLS roots and git for SwiftPM; xkbcommon and the XKB data
# (the server's keyboard, AnimKeyboard).
# Text: Pango (libpango1.0-dev: HarfBuzz shaping, FriBidi, fontconfig) and the fonts the text tests pin: Noto for
# Latin, Arabic, Devanagari and more (fonts-noto-core, 12 MB download), Chinese and Japanese (fonts-noto-cjk, 57 MB)
# and colour emoji (fonts-noto-color-emoji, 10 MB): about 79 MB of downloads in all.
readonly PACKAGES=(
    pkg-config libegl-dev libgles-dev libegl-mesa0 libgl1-mesa-dri libgbm-dev libdrm-dev libudev-dev
    libpng-dev libcairo2-dev libpixman-1-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev fonts-dejavu-core
    libpango1.0-dev fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
    libsystemd-dev libseat-dev libinput-dev systemd python3 ca-certificates git
    libxkbcommon-dev xkb-data
)

log() { printf 'install-deps: %s\n' "$*"; }
fail() {
    printf 'install-deps: ERROR: %s\n' "$*" >&2
    exit 1
}

missing_packages() {
    local package status
    for package in "${PACKAGES[@]}"; do
        status=$(dpkg-query --show --showformat='${db:Status-Status}' "$package" 2>/dev/null || true)
        if [[ $status != installed ]]; then
            printf '%s\n' "$package"
        fi
    done
}

run_as_root() {
    if [[ $(id -u) -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo -- "$@"
    else
        fail "installing packages needs root: run this script as root, or install sudo and give $(id -un) sudo rights"
    fi
}

install_packages() {
    command -v apt-get >/dev/null 2>&1 || fail "apt-get not found: this script supports Debian 12 (bookworm) only"
    if [[ $(id -u) -ne 0 ]] && ! command -v sudo >/dev/null 2>&1; then
        fail "installing packages needs root: run this script as root, or install sudo and give $(id -un) sudo rights"
    fi
    log "apt-get update"
    run_as_root env DEBIAN_FRONTEND=noninteractive apt-get update
    log "apt-get install ${PACKAGES[*]}"
    run_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${PACKAGES[@]}"
}

check_swift() {
    local version
    if ! command -v swift >/dev/null 2>&1; then
        fail "swift not found on PATH. Install Swift 6.x for Debian 12 from https://www.swift.org/install/linux/ \
and put its usr/bin on PATH"
    fi
    version=$(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -n 1)
    if [[ ${version%%.*} != 6 ]]; then
        fail "found Swift '${version:-unknown}' at $(command -v swift), need 6.x: see https://www.swift.org/install/linux/"
    fi
    log "Swift $version at $(command -v swift)"
}

mapfile -t missing < <(missing_packages)
if [[ ${ANIMSERVER_FORCE_APT:-0} == 1 ]]; then
    log "ANIMSERVER_FORCE_APT=1: running apt-get (${#missing[@]} of ${#PACKAGES[@]} packages missing)"
    install_packages
elif ((${#missing[@]} > 0)); then
    log "missing: ${missing[*]}"
    install_packages
else
    log "all ${#PACKAGES[@]} packages already installed"
fi

mapfile -t still_missing < <(missing_packages)
if ((${#still_missing[@]} > 0)); then
    fail "still not installed after apt-get: ${still_missing[*]}"
fi
check_swift
