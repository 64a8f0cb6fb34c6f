# Shared by bin/serve and bin/test: make .venv and install the project once,
# reinstalling only when pyproject.toml (or the extra asked for) changes.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
extra="${1:-}"
py="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    "$py" -m venv .venv
fi
stamp=".venv/.installed${extra:+-$extra}"
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q -e ".${extra:+[$extra]}"
    echo "$want" > "$stamp"
fi
