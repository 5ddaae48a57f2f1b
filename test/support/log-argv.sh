#!/bin/sh
# Stands in for the program of its name, earlier on PATH than the real one: appends its command line
# to argv.log beside it, then runs the real program with the same arguments and environment.
here=$(dirname "$0")
name=$(basename "$0")
printf '%s\n' "$name $*" >> "$here/argv.log"
real=$(PATH=$(printf %s "$PATH" | tr ':' '\n' | grep -vxF "$here" | paste -sd: -) command -v "$name")
exec "$real" "$@"
