#!/usr/bin/env python3
"""Prints the include cycles among the sources of checks/ (issue 24).

A component is a header and its source together (utils/DeviceInference.h
and utils/DeviceInference.cpp); component X depends on Y when X.h or X.cpp
includes Y.h (`#include "..."`, relative to checks/ or to the including
file). Each strongly connected component of more than one (Tarjan) is
printed as one line, `A -> B -> ... -> A`, with the include lines that make
its edges. Exit status 1 when there is a cycle.

    python3 .ci/include_cycles.py [ROOT]
"""

import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def components(root):
    base = os.path.join(root, "checks")
    files = {}
    for d, _, names in os.walk(base):
        for n in names:
            if n.endswith((".h", ".cpp")):
                path = os.path.join(d, n)
                files[path] = os.path.splitext(os.path.relpath(path, base))[0]
    edges = {}
    for path, comp in files.items():
        edges.setdefault(comp, {})
        for number, line in enumerate(open(path, encoding="utf-8"), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            for cand in (os.path.join(base, m.group(1)),
                         os.path.join(os.path.dirname(path), m.group(1))):
                cand = os.path.normpath(cand)
                if cand in files and files[cand] != comp:
                    where = "%s:%d" % (os.path.relpath(path, root), number)
                    edges[comp].setdefault(files[cand], where)
                    break
    return edges


def sccs(edges):
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.getcwd()
    edges = components(root)
    cycles = sccs(edges)
    for group in cycles:
        members = set(group)
        lines = ["%s -> %s (%s)" % (a, b, edges[a][b])
                 for a in group for b in sorted(edges[a]) if b in members]
        print("include cycle among %s:\n  %s" % (", ".join(group),
                                                "\n  ".join(lines)))
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.exit(main())
