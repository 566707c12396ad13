# SPDX-License-Identifier: BSD-2-Clause
# plants.sh, sourced by a check with its arguments: each is --plant FILE (a
# file checked as if it were in the tree, the way make proves the check can
# fail). Sets planted=(absolute paths); anything else is a usage error.
planted=()
while [ $# -gt 0 ]; do
	case $1 in
	--plant) planted+=("$(realpath "$2")"); shift 2 ;;
	*) echo "usage: $0 [--plant FILE]..." >&2; exit 2 ;;
	esac
done
