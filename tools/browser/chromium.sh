#!/usr/bin/env bash
# Debian's chromium for the browser tests (browser.test.mjs drives
# /usr/bin/chromium): installed with apt-get when it is missing. Without
# root, or when apt-get fails, the run fails here: the tests never skip
# for want of a browser.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
	echo "test-browser: /usr/bin/chromium is missing; install Debian's chromium (apt-get install chromium) and run again" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
echo "test-browser: installing Debian's chromium with apt-get"
apt-get install -y chromium || { apt-get update && apt-get install -y chromium; }
test -x /usr/bin/chromium
