"""Stands in for addr2line in the tests that reconcile committed traces
(loop.jsonl, loop-v1.jsonl) whose program is not here: answers
`addr2line -e MODULE -a -f -i -C` as binutils does, from a table
(addr2line.json: per module base name, per address, the inline chain as
[function, file, line], innermost first). An address the table lacks is
answered "??" like one without debug info.

    fake_addr2line.py TABLE -e MODULE -a -f -i -C < addresses
"""

import json
import os
import sys


def main(argv):
    table = json.load(open(argv[0], encoding="utf-8"))
    module = os.path.basename(argv[argv.index("-e") + 1])
    chains = table.get(module, {})
    for line in sys.stdin:
        address = line.strip()
        if not address:
            continue
        print("0x%016x" % int(address, 16))
        chain = chains.get("0x%x" % int(address, 16))
        if not chain:
            print("??\n??:0")
            continue
        for function, path, number in chain:
            print(function)
            print("%s:%d" % (path, number))


if __name__ == "__main__":
    main(sys.argv[1:])
