#!/bin/sh
# Runs a shell command with a full disk at hand: in a mount namespace of its
# own, DIR becomes an empty 64 kB tmpfs, and `fill` fills it. The mount is
# gone when the command ends, whatever happens.
#   full-disk.sh DIR 'command; fill; command'
# Without root, a user namespace maps the user to root (unshare -r).
dir=$1
script=$2
run() {
  exec unshare "$@" sh -c '
    mount -t tmpfs -o size=64k tmpfs "$0" || exit 125
    fill() { dd if=/dev/zero of="$0/fill" bs=4k 2>/dev/null; true; }
    eval "$1"' "$dir" "$script"
}
if unshare -rm true 2>/dev/null; then
  run -rm
else
  run -m
fi
