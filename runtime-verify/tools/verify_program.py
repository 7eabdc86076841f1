"""Program mode of torchsync-verify: run a program under the sync probe and
reconcile what it did with torchsync's static findings.

    torchsync-verify run --findings findings.json [options] -- ./prog args...
    torchsync-verify run --findings findings.json --trace syncs.jsonl [options]

The program runs with libtorchsync-probe.so injected (CUDA_INJECTION64_PATH)
in a process group of its own, with a timeout; a crash, a hang or a nonzero
exit is reported with its reason and whatever the probe recorded until then
is still reconciled. Each recorded sync's stack (module + offset per frame) is
symbolized with addr2line, one call per module, and the sync is attributed to
its first frame in user code: the innermost source location, inlined frames
included, whose file lies under --root and outside the excluded folders.

Reconciliation, per static finding (same root-relative path, a line within
the finding's line..endLine):
  confirmed     at least one sync attributed there (count, blocked time)
  refuted       no sync there, and line coverage (--coverage) says it ran
  not-reached   no sync there, and line coverage says it never ran
  not-observed  no sync there, and no coverage to tell which of the two
Where several findings share a line, each sync goes to the one whose
operation (the call its column points at) is the function the user line
called on the way to the sync; a sync that this cannot tell apart is shared
by them, counted once. Line coverage comes from gcov JSON files (--coverage)
or, for a program built with GCC's --coverage, from its build folder
(--gcov-data), the counts of a source compiled into several objects added
up. A finding that is not confirmed may carry an explanation
(--explanations).
Syncs attributed to user lines that no finding covers are "unpredicted",
grouped by file:line. The format of the JSON report is docs/verify-format.md.
"""

import collections
import gzip
import json
import math
import os
import pathlib
import re
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

TOOL = "torchsync-verify"
FORMAT_VERSION = 1


def checkout_version():
    """torchsync's version as the checkout that holds this file sets it, for
    the driver too: project(torchsync VERSION ...) in its top-level
    CMakeLists.txt; None outside a checkout. CMake writes the same into its
    copies of torchsync-verify, which set VERSION below."""
    top = pathlib.Path(__file__).resolve().parents[2].joinpath("CMakeLists.txt")
    try:
        text = top.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    m = re.search(r"^\s*project\(\s*torchsync\s+VERSION\s+([0-9][0-9A-Za-z.+-]*)", text,
                  re.MULTILINE)
    return m.group(1) if m else None


VERSION = checkout_version() or "unknown"
try:
    # Written by CMake next to the build tree's and the installed modules:
    # the base URL of the docs that the driver's reports link too.
    from torchsync_config import DOCS_URL
except ImportError:
    # The source tree's script: the checkout's own docs/.
    DOCS_URL = pathlib.Path(__file__).resolve().parents[2].joinpath("docs").as_uri()
DOCS = DOCS_URL + "/verify-format.md"

VERDICTS = ("confirmed", "refuted", "not-reached", "not-observed")
# The probe keeps at most this many frames of a stack (Probe.h, MaxFrames).
PROBE_MAX_FRAMES = 32


class ToolError(Exception):
    pass


# ---------------------------------------------------------------- outputs

def same_file(a, b):
    """Whether two paths name one file: through symbolic and hard links when
    both exist, else by their real paths."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def check_outputs(outputs, inputs):
    """Refuses, before anything runs, what the driver's -o refuses too: an
    output that names an input (the same file by any name), two outputs
    that name one file, a folder, or a file whose folder is not there (it is
    not made: a typo would go unnoticed). An output that is not a regular file
    (/dev/null, a pipe) is written to, never replaced: it may be named
    twice. outputs, inputs: [(option, path)]; empty paths are left out."""
    named = [(o, p) for o, p in outputs if p]
    for n, (option, path) in enumerate(named):
        if os.path.isdir(path):
            raise ToolError("cannot write %s: it is a folder" % path)
        folder = os.path.dirname(os.path.realpath(path))
        shown = folder if os.path.islink(path) else (os.path.dirname(path) or ".")
        if not os.path.exists(folder):
            raise ToolError("cannot write %s: the folder %s does not exist" % (path, shown))
        if not os.path.isdir(folder):
            raise ToolError("cannot write %s: %s is not a folder" % (path, shown))
        if os.path.exists(path) and not os.path.isfile(path):
            continue  # /dev/null, a pipe: written to, never replaced
        for what, given in inputs:
            if given and same_file(path, given):
                raise ToolError("%s %s is the %s file; refusing to overwrite it"
                                % (option, path, what))
        for other, earlier in named[:n]:
            if same_file(path, earlier):
                raise ToolError("%s and %s name the same file %s" % (other, option, path))


def read_json(path, what):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise ToolError("cannot read %s %s: %s" % (what, path, e.strerror))
    except ValueError as e:
        raise ToolError("%s %s is not JSON: %s" % (what, path, e))
    except RecursionError:
        # Python's parser recurses once per nesting level.
        raise ToolError("%s %s nests too deeply to be read as JSON" % (what, path))


# ---------------------------------------------------------------- inputs

def findings_root(path):
    """The findings' "root" (absolute, as torchsync writes it), or None."""
    doc = read_json(path, "findings")
    root = doc.get("root") if isinstance(doc, dict) else None
    return root if isinstance(root, str) and os.path.isabs(root) else None


def choose_root(given, findings_path, cwd):
    """The root that finding paths are relative to: the findings' own root
    when it is a folder here (a --root that names another folder is an
    error), else --root, else the git work tree, else the current folder. A
    findings root that is not a folder here (findings made on another
    machine or checkout) or not absolute (made neutral, ".") defers to
    --root."""
    own = findings_root(findings_path)
    own = os.path.realpath(own) if own and os.path.isdir(own) else None
    if given:
        root = os.path.realpath(given)
        if not os.path.isdir(root):
            raise ToolError("root %s is not a folder" % given)
        if own and own != root:
            raise ToolError("--root %s is not the findings' root %s (their paths are "
                            "relative to it): drop --root, or give the same folder"
                            % (given, own))
        return root
    return own or os.path.realpath(git_top(cwd) or cwd)


def load_findings(path):
    """The findings of a torchsync JSON report (docs/json-format.md)."""
    doc = read_json(path, "findings")
    if not isinstance(doc, dict) or doc.get("version") != 1 or \
            not isinstance(doc.get("findings"), list):
        raise ToolError("findings %s is not a torchsync JSON report of version 1 "
                        "(torchsync --format=json)" % path)
    out = []
    for i, f in enumerate(doc["findings"]):
        if not isinstance(f, dict) or not isinstance(f.get("check"), str):
            raise ToolError("findings %s: finding %d has no check" % (path, i))
        for key, want in (("path", str), ("line", int), ("endLine", int), ("column", int)):
            if f.get(key) is not None and type(f[key]) is not want:
                raise ToolError("findings %s: finding %d: \"%s\" is not %s" % (
                    path, i, key, "a string" if want is str else "an integer"))
        if not isinstance(f.get("path"), str) or not isinstance(f.get("line"), int):
            # A finding without a place cannot be matched; it is kept and
            # reported as not observed.
            f = dict(f, path=f.get("path") or "", line=f.get("line") or 0)
        out.append(f)
    return out


def slim_stack(frames, path, n):
    """What attribution needs of a stack, with the module names shared."""
    if not all(isinstance(fr, dict) and isinstance(fr.get("module", ""), str)
               for fr in frames):
        raise ToolError("trace %s: line %d: a stack frame is not {\"module\": ..., "
                        "\"offset\": ...}" % (path, n))
    # "symbol" (the probe's dladdr name, demangled) names the function of a
    # frame that addr2line does not read: the LibTorch call a user line made.
    return [{"module": sys.intern(fr.get("module", "")), "offset": fr.get("offset"),
             "symbol": sys.intern(fr["symbol"]) if isinstance(fr.get("symbol"), str) else ""}
            for fr in frames]


def load_trace(path):
    """(events, notes): the probe's sync events and its start / summary /
    progress / error / fatal / warning lines (runtime-verify/probe/Probe.h).
    A sync names its stack by "stack_id", a "stack" record written before
    it (each unique stack once), or carries it inline as "stack"."""
    events, notes = [], collections.defaultdict(list)
    stacks = {}
    try:
        f = open(path, "rb")
    except OSError as e:
        raise ToolError("cannot read trace %s: %s" % (path, e.strerror))
    with f:
        for n, raw in enumerate(f, 1):
            # The probe writes UTF-8 JSON lines (JsonWriter.h): never a NUL,
            # never an invalid sequence but in a last line cut short.
            try:
                if b"\0" in raw:
                    raise UnicodeError
                line = raw.decode("utf-8").strip()
            except UnicodeError:
                if raw.endswith(b"\n") or b"\0" in raw:
                    raise ToolError("trace %s is not a probe trace: line %d is not UTF-8 "
                                    "text" % (path, n))
                line = ""
                notes["unreadable"].append(n)
            if not line:
                continue
            try:
                rec = json.loads(line)
            except ValueError:
                # The last line of a crashed program may be cut short.
                notes["unreadable"].append(n)
                continue
            except RecursionError:
                raise ToolError("trace %s: line %d is not a probe record: it nests too "
                                "deeply" % (path, n))
            kind = rec.get("type") if isinstance(rec, dict) else None
            if kind == "sync":
                if isinstance(rec.get("stack"), list):
                    rec["stack"] = slim_stack(rec["stack"], path, n)
                elif rec.get("stack_id") in stacks:
                    # Shared by every event of the stack: attribution reads it.
                    rec["stack"] = stacks[rec["stack_id"]]
                elif "stack_id" in rec:
                    raise ToolError("trace %s: line %d: sync event names stack %s, which no "
                                    "earlier stack record defines"
                                    % (path, n, rec.get("stack_id")))
                else:
                    raise ToolError("trace %s: line %d: sync event without a stack" % (path, n))
                rec.pop("copy", None)
                check_fields(rec, (("blocked_ns", int), ("kind", str), ("api", str)), path, n)
                events.append(rec)
            elif kind == "stack":
                if not isinstance(rec.get("frames"), list):
                    raise ToolError("trace %s: line %d: stack record without frames" % (path, n))
                stacks[rec.get("id")] = slim_stack(rec["frames"], path, n)
            elif kind == "progress":
                check_fields(rec, (("events", int), ("elapsed_ms", int)), path, n)
                # Only the last one matters: how far a program got.
                notes["progress"] = [rec]
            elif kind == "step":
                # A torchsync::mark_step() (include/torchsync/step.h): the
                # host time of the mark; step_gpu, written at exit, has the
                # GPU time of each.
                if type(rec.get("t_ns")) is not int:
                    raise ToolError("trace %s: line %d: step record without an integer "
                                    "t_ns" % (path, n))
                notes["step"].append(rec["t_ns"])
            elif kind == "step_gpu":
                notes["step_gpu"] = [rec]
            elif kind in ("start", "summary", "error", "fatal", "warning"):
                notes[kind].append(rec)
            else:
                raise ToolError("trace %s: line %d: not a probe record" % (path, n))
    return events, notes


def check_fields(rec, fields, path, n):
    """A probe record's fields, where present, have the types Probe.h writes."""
    for key, want in fields:
        if key in rec and (type(rec[key]) is not want or (want is int and rec[key] < 0)):
            raise ToolError("trace %s: line %d: \"%s\" is not %s" % (
                path, n, key, "a string" if want is str else "a count"))


def load_explanations(path):
    """Explanations for findings that are not confirmed: a JSON object with
    version 1 and a list of {reason, and fingerprint or check+path+line}."""
    doc = read_json(path, "explanations")
    if not isinstance(doc, dict) or doc.get("version") != 1 or \
            not isinstance(doc.get("explanations"), list):
        raise ToolError("explanations %s: want {\"version\": 1, \"explanations\": [...]}" % path)
    out = []
    for i, e in enumerate(doc["explanations"]):
        if not isinstance(e, dict) or not isinstance(e.get("reason"), str) or not e["reason"]:
            raise ToolError("explanations %s: entry %d has no reason" % (path, i))
        by_fp = isinstance(e.get("fingerprint"), str)
        by_place = all(k in e for k in ("check", "path", "line"))
        if not by_fp and not by_place:
            raise ToolError("explanations %s: entry %d names neither a fingerprint nor "
                            "check, path and line" % (path, i))
        out.append(e)
    return out


def load_harness_manifest(path):
    """Explanations for the findings snippet mode could not harness: the
    harness.json of `torchsync --emit-harness` says why for each (a parameter
    type it cannot make, a method, a template...). Harnessed findings get
    none: they are expected to be confirmed."""
    doc = read_json(path, "harness manifest")
    if not isinstance(doc, dict) or doc.get("version") != 1 or \
            not isinstance(doc.get("findings"), list):
        raise ToolError("harness manifest %s: want {\"version\": 1, \"findings\": [...]}" % path)
    out = []
    for i, f in enumerate(doc["findings"]):
        if not isinstance(f, dict) or not isinstance(f.get("status"), str):
            raise ToolError("harness manifest %s: finding %d has no status" % (path, i))
        if f["status"] != "unsupported":
            continue
        if not all(k in f for k in ("check", "path", "line")):
            raise ToolError("harness manifest %s: finding %d names no check, path and line"
                            % (path, i))
        out.append({"check": f["check"], "path": f["path"], "line": f["line"],
                    "reason": "snippet mode made no harness for it: %s"
                              % f.get("reason", "unsupported")})
    return out


def load_coverage(paths, root):
    """{root-relative path: {line: count}} from gcov JSON files
    (gcov --json-format; .json or .json.gz)."""
    hits = collections.defaultdict(lambda: collections.defaultdict(int))
    for path in paths:
        try:
            opener = gzip.open if path.endswith(".gz") else open
            with opener(path, "rt", encoding="utf-8") as f:
                doc = json.load(f)
        except OSError as e:
            raise ToolError("cannot read coverage %s: %s" % (path, e.strerror or e))
        except EOFError:
            raise ToolError("cannot read coverage %s: the gzip stream is cut short" % path)
        except ValueError as e:
            raise ToolError("coverage %s is not JSON: %s" % (path, e))
        except RecursionError:
            raise ToolError("coverage %s nests too deeply to be read as JSON" % path)
        if not isinstance(doc, dict) or not isinstance(doc.get("files"), list):
            raise ToolError("coverage %s is not gcov JSON (no files list)" % path)
        cwd = doc.get("current_working_directory") or os.getcwd()
        if not isinstance(cwd, str) or not all(
                isinstance(entry, dict) and isinstance(entry.get("file", ""), str) and
                isinstance(entry.get("lines", []), list) and
                all(isinstance(ln, dict) and type(ln.get("line_number")) is int and
                    type(ln.get("count", 0)) is int for ln in entry.get("lines", []))
                for entry in doc["files"]):
            raise ToolError("coverage %s is not gcov JSON (a file entry without a name, or "
                            "a line without an integer line_number and count)" % path)
        for entry in doc["files"]:
            name = entry.get("file", "")
            rel = relative_to_root(os.path.join(cwd, name), root)
            if rel is None:
                continue
            for ln in entry.get("lines", []):
                hits[rel][ln["line_number"]] += ln.get("count", 0)
    return hits


# ---------------------------------------------------------------- symbolizing

SYSTEM_PREFIXES = ("/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/", "/usr/local/cuda")
LIBRARY_NAMES = ("libcuda.so", "libcudart", "libcupti", "libtorch", "libc10",
                 "libnvrtc", "libcublas", "libcudnn", "libnccl", "libtorchsync-probe")


def may_hold_user_code(module):
    """False for libraries user code cannot be in: system folders, Python
    packages (PyTorch's LibTorch), CUDA and LibTorch libraries, the probe."""
    if not module or not module.startswith("/"):
        return False
    if module.startswith(SYSTEM_PREFIXES):
        return False
    if "/site-packages/" in module or "/dist-packages/" in module:
        return False
    base = os.path.basename(module)
    return not base.startswith(LIBRARY_NAMES)


def load_bias(module):
    """The ELF virtual address that the probe's offset 0 stands for. The probe
    writes addresses relative to dladdr's dli_fbase, the start of the first
    mapped page: 0 for shared objects and PIE executables, the first PT_LOAD
    page (e.g. 0x400000) for fixed-address executables."""
    try:
        with open(module, "rb") as f:
            ident = f.read(64)
            if len(ident) < 64 or ident[:4] != b"\x7fELF":
                return None
            is64, little = ident[4] == 2, ident[5] == 1
            end = "<" if little else ">"
            if is64:
                phoff, = struct.unpack_from(end + "Q", ident, 32)
                phentsize, phnum = struct.unpack_from(end + "HH", ident, 54)
            else:
                phoff, = struct.unpack_from(end + "I", ident, 28)
                phentsize, phnum = struct.unpack_from(end + "HH", ident, 42)
            f.seek(phoff)
            table = f.read(phentsize * phnum)
    except OSError:
        return None
    page = os.sysconf("SC_PAGE_SIZE")
    lowest = None
    for i in range(phnum):
        at = i * phentsize
        if is64:
            p_type, = struct.unpack_from(end + "I", table, at)
            p_vaddr, = struct.unpack_from(end + "Q", table, at + 16)
        else:
            p_type, = struct.unpack_from(end + "I", table, at)
            p_vaddr, = struct.unpack_from(end + "I", table, at + 8)
        if p_type == 1 and (lowest is None or p_vaddr < lowest):  # PT_LOAD
            lowest = p_vaddr
    return (lowest or 0) & ~(page - 1)


class Symbolizer:
    """Source locations of (module, offset) frames through addr2line, one
    call per module for all of its addresses."""

    def __init__(self, addr2line="addr2line"):
        self.addr2line = addr2line
        self.cache = {}
        self.problems = []

    def resolve(self, wanted):
        """wanted: {module: set(offsets)}; fills the cache with, per frame,
        the inline chain [(function, file, line)], innermost first."""
        for module, offsets in sorted(wanted.items()):
            todo = sorted(o for o in offsets if (module, o) not in self.cache)
            if not todo:
                continue
            bias = load_bias(module)
            if bias is None:
                self.problems.append("%s: not a readable ELF file; its frames stay "
                                     "unattributed" % module)
                for o in todo:
                    self.cache[(module, o)] = []
                continue
            # Every frame is a return address: the call is the byte before.
            addrs = ["0x%x" % (bias + max(o - 1, 0)) for o in todo]
            try:
                proc = subprocess.run([self.addr2line, "-e", module, "-a", "-f", "-i", "-C"],
                                      input="\n".join(addrs) + "\n", stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, universal_newlines=True)
            except OSError as e:
                raise ToolError("cannot run %s: %s" % (self.addr2line, e.strerror))
            if proc.returncode != 0:
                self.problems.append("%s failed on %s: %s" % (
                    self.addr2line, module, proc.stderr.strip()[:200]))
                for o in todo:
                    self.cache[(module, o)] = []
                continue
            chains = parse_addr2line(proc.stdout)
            if len(chains) != len(todo):
                raise ToolError("%s answered %d addresses for %d in %s" % (
                    self.addr2line, len(chains), len(todo), module))
            for o, chain in zip(todo, chains):
                self.cache[(module, o)] = chain

    def chain(self, module, offset):
        return self.cache.get((module, offset), [])


def parse_addr2line(text):
    """addr2line -a -f -i output: per address a 0x... line, then pairs of
    function and file:line lines (innermost inlined frame first)."""
    chains, cur = [], None
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("0x") and is_address_line(line):
            cur = []
            chains.append(cur)
            i += 1
            continue
        if cur is None or i + 1 >= len(lines):
            break
        func, place = line, lines[i + 1]
        i += 2
        place = place.split(" (discriminator", 1)[0]
        file, _, num = place.rpartition(":")
        try:
            lineno = int(num)
        except ValueError:
            lineno = 0
        if file and file != "??" and lineno > 0:
            cur.append((func if func != "??" else "", file, lineno))
    return chains


def is_address_line(line):
    try:
        int(line, 16)
        return True
    except ValueError:
        return False


def parse_offset(text):
    try:
        return int(text, 16) if isinstance(text, str) else int(text)
    except (TypeError, ValueError):
        raise ToolError("trace: a frame offset %r is not a number" % (text,))


def inside(path, folder):
    """Whether path is folder or lies under it (both spelled alike)."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def relative_to_root(path, root, excludes=()):
    """path relative to root (with /), or None when it lies outside root or
    under an excluded folder."""
    real = os.path.realpath(path)
    if any(inside(real, x) for x in excludes):
        return None
    if not inside(real, root):
        return None
    return os.path.relpath(real, root).replace(os.sep, "/")


def attribute(events, root, excludes, symbolizer, base_dir):
    """Adds to each event "user": {path, line, function} (or None),
    "callers": the user lines of its outer frames, and "callee": the
    function that the user frame called on the way to the sync (qualified,
    without return type and parameters; "" when unknown): the inlined
    function just inside it in addr2line's chain, else the outermost
    function of the next inner frame, by addr2line for a module that may
    hold user code and by the probe's dladdr symbol for the others."""
    modules = {}

    def module_of(fr):
        # dladdr names the main program as it was started (argv[0]), which
        # may be relative to the program's working folder or found on PATH.
        name = fr.get("module", "")
        if name not in modules:
            full = name
            if name and not os.path.isabs(name):
                full = os.path.join(base_dir, name)
                if "/" not in name and not os.path.exists(full):
                    full = shutil.which(name) or full
            modules[name] = os.path.normpath(full) if full else ""
        return modules[name]

    wanted = collections.defaultdict(set)
    for e in events:
        for fr in e["stack"]:
            mod = module_of(fr)
            if may_hold_user_code(mod):
                wanted[mod].add(parse_offset(fr.get("offset")))
    symbolizer.resolve(wanted)
    rel_cache = {}

    def rel(file):
        if file not in rel_cache:
            full = file if os.path.isabs(file) else os.path.join(base_dir, file)
            rel_cache[file] = relative_to_root(full, root, excludes)
        return rel_cache[file]

    names = {}
    for e in events:
        user, callers, inner, callee = None, [], "", ""
        for fr in e["stack"]:
            mod = module_of(fr)
            chain = symbolizer.chain(mod, parse_offset(fr.get("offset"))) \
                if may_hold_user_code(mod) else []
            if not chain:
                # LibTorch, CUDA, or a module without debug info here: the
                # function dladdr found for the address, when it is exported.
                if user is None:
                    inner = fr.get("symbol", "")
                continue
            for func, file, line in chain:
                r = rel(file)
                if r is None:
                    if user is None:
                        inner = func
                    continue
                if user is None:
                    user = {"path": r, "line": line, "function": func}
                    callee = inner
                else:
                    callers.append("%s:%d" % (r, line))
        e["user"] = user
        e["callers"] = callers
        if callee not in names:
            names[callee] = function_name(callee)
        e["callee"] = names[callee]


# ---------------------------------------------------------------- call names
#
# Where several findings share a line (`torch::multinomial(p, 1).item<int64_t>()`
# with a finding for each call, two `.to(device)` in one statement), a sync
# goes to the finding whose operation is the function that the user line
# called on the way to it (attribute()'s "callee"): the finding that points at
# `item<int64_t>` and the callee `long at::Tensor::item<long>() const` are
# both "item".

# An operator's name, which holds characters that are structure elsewhere.
OPERATOR_NAME = re.compile(
    r"\boperator\b\s*(?:\(\s*\)|\[\s*\]|->\*?|(?:new|delete)\b(?:\s*\[\s*\])?|"
    r"\"\"\s*[A-Za-z_]\w*|[-+*/%^&|~!=<>,]+|[A-Za-z_][\w:<>,*& ]*?(?=\s*\())")
ANONYMOUS = re.compile(r"\((?:anonymous namespace)\)")
# What demangled names may end with that is not part of the name.
NAME_SUFFIXES = re.compile(r"\s*\[(?:clone|abi:)[^\]]*\]")
IDENTIFIER = re.compile(r"~?[A-Za-z_]\w*")
# What a finding's column points at: a (qualified) function or operator name.
SOURCE_CALL = re.compile(r"(?:::\s*)?(?:[A-Za-z_]\w*\s*::\s*)*"
                         r"(operator\b\s*(?:\(\s*\)|\[\s*\]|[-+*/%^&|~!=<>]+)|~?[A-Za-z_]\w*)")
SOURCE_OPERATOR = re.compile(r"\[|\(|[-+*/%^&|~!=<>]+")
# Words a column may point at that name no call.
NOT_CALLS = frozenset(("if", "else", "for", "while", "do", "switch", "case", "return", "auto",
                       "const", "static", "sizeof", "throw", "try", "catch"))


def masked(text):
    """text with operator names and "(anonymous namespace)" blanked out (same
    length), so that its brackets and spaces are the name's structure."""
    text = ANONYMOUS.sub(lambda m: "A" * len(m.group(0)), text)
    return OPERATOR_NAME.sub(lambda m: "O" * len(m.group(0)), text)


def function_name(signature):
    """A demangled function's qualified name, without its return type,
    parameters and qualifiers: 'long at::Tensor::item<long>() const' is
    'at::Tensor::item<long>'. A name without parameters is kept as it is."""
    text = NAME_SUFFIXES.sub("", signature or "").strip()
    shape = masked(text)
    depth, start = 0, 0
    for i, c in enumerate(shape):
        if c in "<({[":
            if c == "(" and depth == 0 and i > start:
                return text[start:i].strip()
            depth += 1
        elif c in ">)}]":
            depth = max(0, depth - 1)
        elif c == " " and depth == 0:
            start = i + 1
    return text[start:].strip()


def operator_name(text):
    """'operator <<' as 'operator<<', 'operator  new[]' as 'operator new[]'."""
    rest = text[len("operator"):].strip()
    if re.match(r"[A-Za-z_]", rest):
        return "operator " + re.sub(r"\s+", " ", rest)
    return "operator" + re.sub(r"\s+", "", rest)


def base_name(name):
    """The unqualified name of a function without its template arguments:
    'at::Tensor::item<long>' is 'item', 'at::operator<<' is 'operator<<';
    LibTorch's operator entry points 'at::_ops::multinomial::call' (and
    ::redispatch) are named after their operator, overload name included
    ('at::_ops::to_device::call' is 'to_device')."""
    name = function_name(name)
    shape = masked(name)
    parts, depth, start, i = [], 0, 0, 0
    while i < len(shape):
        c = shape[i]
        if c in "<({[":
            depth += 1
        elif c in ">)}]":
            depth = max(0, depth - 1)
        elif depth == 0 and shape.startswith("::", i):
            parts.append(name[start:i].strip())
            start = i = i + 2
            continue
        i += 1
    parts.append(name[start:].strip())
    last = parts[-1]
    if len(parts) >= 3 and parts[-3] == "_ops" and last in ("call", "redispatch"):
        return parts[-2]
    op = OPERATOR_NAME.match(last)
    if op:
        return operator_name(op.group(0))
    template = masked(last).find("<")
    return last[:template].strip() if template > 0 else last


def finding_operations(f, line_text):
    """The names of the call a finding is about: the (qualified) name its
    column points at in the source line (bytes: columns count bytes), and
    the call its message opens with ('item<float>()' copies ...). A finding
    whose message opens with a statement ('if' condition depends on ...)
    has only the first; one whose source cannot be read, only the second."""
    names = set()
    column = f.get("column")
    if line_text is not None and type(column) is int and 0 < column <= len(line_text):
        text = line_text[column - 1:].decode("utf-8", "replace")
        # A column at the member access rather than the member's name.
        text = re.sub(r"^(?:\.|->)\s*(?=[A-Za-z_])", "", text)
        m = SOURCE_CALL.match(text)
        if m:
            name = m.group(1)
            names.add(operator_name(name) if name.startswith("operator") else name)
        else:
            m = SOURCE_OPERATOR.match(text)
            if m:
                names.add({"[": "operator[]", "(": "operator()"}.get(m.group(0),
                                                                    "operator" + m.group(0)))
    m = re.match(r"'([^']+)'", f.get("message") or "")
    if m:
        quoted = m.group(1).strip()
        if quoted.startswith("operator"):
            names.add(operator_name(quoted))
        elif "(" in quoted:
            head = re.split(r"\.|->", quoted.split("(", 1)[0])[-1].strip()
            name = base_name(head)
            if IDENTIFIER.fullmatch(name):
                names.add(name)
    return {n for n in names if n and n not in NOT_CALLS}


def read_source_bytes(root, path, cache):
    """The lines of a source file as bytes, or None."""
    if path not in cache:
        try:
            with open(os.path.join(root, path), "rb") as f:
                cache[path] = f.read().splitlines()
        except OSError:
            cache[path] = None
    return cache[path]


def owners_of(event, candidates, operations):
    """The findings among candidates (several, all at the sync's line) that
    the sync belongs to: the one whose operation is the sync's callee. Where
    that is not one finding the sync cannot be told apart, and it belongs to
    all that may have made it: the candidates whose operation is the callee
    (several findings of one operation: two .to() on a line, two checks of
    one call) and those whose operation is not known; when none names the
    callee, or the callee is unknown, all of them."""
    callee = event.get("callee") or ""
    if not callee:
        return candidates
    name = base_name(callee)
    named = [i for i in candidates if name in operations(i)]
    if not named:
        return candidates
    return [i for i in candidates if i in named or not operations(i)]


# ---------------------------------------------------------------- reconciling

def finding_lines(f):
    first = f.get("line", 0)
    last = f.get("endLine", first)
    return first, max(first, last)


MAX_STATEMENT_LINES = 8


def ends_statement(text):
    """Whether a source line cannot continue into the next one: it ends a
    statement or block, opens a block, is a preprocessor line or is blank."""
    code = text.split("//", 1)[0].strip()
    if not code or code.startswith("#") or code.endswith((";", "{", "}")):
        return True
    # The header of a control statement without braces: its body is a
    # statement of its own.
    return bool(CONTROL_HEADER.match(code))


CONTROL_HEADER = re.compile(r"^(\}\s*)?(if|for|while|switch|else\s+if)\b.*\)$|^(\}\s*)?(else|do)$")


def statement_span(lines, first, last):
    """The lines of the statement around first..last: a finding points at
    one place of a statement that may span lines, and the debug info may put
    the call on another of them (torch::tensor( on one line, its braced list
    on the next)."""
    if not lines or not 1 <= first <= len(lines):
        return first, last
    start = first
    while start > 1 and first - start < MAX_STATEMENT_LINES and \
            not ends_statement(lines[start - 2]):
        start -= 1
    end = min(last, len(lines))
    while end < len(lines) and end - last < MAX_STATEMENT_LINES and \
            not ends_statement(lines[end - 1]):
        end += 1
    return start, end


def read_source_lines(root, path, cache):
    if path not in cache:
        try:
            with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
                cache[path] = f.read().splitlines()
        except OSError:
            cache[path] = None
    return cache[path]


def explanation_for(f, explanations):
    for e in explanations:
        if e.get("fingerprint") and e["fingerprint"] == f.get("fingerprint"):
            return e
        if e.get("check") == f["check"] and e.get("path") == f["path"] and \
                e.get("line") == f.get("line"):
            return e
    return None


def step_times(notes, warmup=None):
    """Time per step from the probe's step marks, or None without two marks.

    Mark k ends step k, so n marks time n - 1 steps. The first steps (CUDA's
    lazy start, cuBLAS handles, the caching allocator growing) are left out:
    warmup of them, by default a tenth, at least one when there are three or
    more. Per step: the mean of the rest, on the host clock and, when the
    probe recorded CUDA events at the marks, on the GPU's (the time between
    two events on the default stream: GPU work plus the idle gaps in which
    it waited for the host). The GPU's is the throughput of the loop when the
    host runs ahead of it, the host's when it does not, and the two agree
    when every step waits for the GPU."""
    # Written in the order the probe saw them; sorted all the same, so that
    # marks of several threads never make a negative step.
    marks = sorted(notes.get("step") or [])
    if len(marks) < 2:
        return None
    steps = len(marks) - 1
    if warmup is None:
        warmup = steps // 10 if steps >= 10 else (1 if steps >= 3 else 0)
    warmup = max(0, min(int(warmup), steps - 1))
    timed = steps - warmup
    out = {"marks": len(marks), "warmup": warmup, "timed": timed,
           "host_ms": round((marks[-1] - marks[warmup]) / 1e6 / timed, 6)}
    # elapsed_ms has null for a mark without a CUDA event (before CUDA's
    # start, another context, too many pending) and stops after the probe's
    # millionth mark: the GPU time spans the timed marks that have one.
    gpu = (notes.get("step_gpu") or [{}])[0].get("elapsed_ms")
    if isinstance(gpu, list):
        have = [i for i, v in enumerate(gpu[:len(marks)])
                if i >= warmup and type(v) in (int, float) and math.isfinite(v)]
        if len(have) >= 2:
            first, last = have[0], have[-1]
            if gpu[last] >= gpu[first]:
                out["gpu_ms"] = round((float(gpu[last]) - float(gpu[first])) / (last - first),
                                      6)
    out["ms"] = out.get("gpu_ms", out["host_ms"])
    out["clock"] = "gpu" if "gpu_ms" in out else "host"
    return out


def kinds_of(events):
    return dict(sorted(collections.Counter(e.get("kind", "?") for e in events).items()))


def blocked(events):
    return sum(int(e.get("blocked_ns", 0)) for e in events)


def callees_of(events):
    """How a place's syncs divide among the functions its line called:
    [{callee, count, blocked_ns}], most syncs first; callee "" when unknown."""
    groups = collections.defaultdict(list)
    for e in events:
        groups[e.get("callee") or ""].append(e)
    return [{"callee": c, "count": len(evs), "blocked_ns": blocked(evs)}
            for c, evs in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))]


def reconcile(findings, events, explanations, coverage, root):
    """The report's findings, unpredicted, outside_user_code and shared parts.

    A sync at a line within a finding's line..endLine belongs to that
    finding; one at a line that no finding names exactly belongs to the
    findings whose statement spans its line. Where that makes several
    findings, the sync goes to the one whose operation is the sync's callee
    (owners_of); a sync that this cannot tell apart is shared: it is counted
    once, in a shared group, and not in the findings' own counts. Every sync
    is counted once: in one finding, one shared group, one unpredicted place
    or outside user code."""
    by_place = collections.defaultdict(list)
    outside = []
    for e in events:
        if e["user"] is None:
            outside.append(e)
        else:
            by_place[(e["user"]["path"], e["user"]["line"])].append(e)
    sources = {}
    spans = []
    exact = set()
    for f in findings:
        first, last = finding_lines(f)
        spans.append(statement_span(read_source_lines(root, f["path"], sources) if f["path"]
                                    else None, first, last))
        exact.update((f["path"], n) for n in range(first, last + 1))
    # The findings each place's syncs may belong to.
    candidates = collections.defaultdict(list)
    for i, (f, (start, end)) in enumerate(zip(findings, spans)):
        first, last = finding_lines(f)
        for line in range(start, end + 1):
            key = (f["path"], line)
            if key in by_place and (first <= line <= last or key not in exact):
                candidates[key].append(i)
    texts, operations = {}, {}

    def operations_of(i):
        if i not in operations:
            f = findings[i]
            lines = read_source_bytes(root, f["path"], texts) if f["path"] else None
            n = f.get("line", 0)
            operations[i] = finding_operations(f, lines[n - 1] if lines and
                                               0 < n <= len(lines) else None)
        return operations[i]

    mine = [[] for _ in findings]
    shared = {}
    for key, among in candidates.items():
        for e in by_place[key]:
            owners = among if len(among) == 1 else owners_of(e, among, operations_of)
            if len(owners) == 1:
                mine[owners[0]].append(e)
            else:
                shared.setdefault((key, tuple(owners)), []).append(e)
    shared_of = collections.defaultdict(list)
    shared_with = collections.defaultdict(set)
    groups = []
    for ((path, line), owners), evs in shared.items():
        for i in owners:
            shared_of[i].extend(evs)
            shared_with[i].update(j for j in owners if j != i)
        groups.append({"path": path, "line": line, "findings": list(owners),
                       "count": len(evs), "blocked_ns": blocked(evs), "kinds": kinds_of(evs),
                       "callees": callees_of(evs)})
    groups.sort(key=lambda g: (-g["count"], g["path"], g["line"], g["findings"]))
    used_explanations = set()
    out = []
    for i, (f, (start, end)) in enumerate(zip(findings, spans)):
        first, last = finding_lines(f)
        own = mine[i]
        r = {"check": f["check"], "path": f["path"], "line": first,
             "fingerprint": f.get("fingerprint", ""), "message": f.get("message", ""),
             "statement": [start, end],
             "count": len(own), "blocked_ns": blocked(own), "kinds": kinds_of(own)}
        if "endLine" in f:
            r["endLine"] = last
        if f.get("column"):
            r["column"] = f["column"]
        if shared_of[i]:
            evs = shared_of[i]
            r["shared"] = {"count": len(evs), "blocked_ns": blocked(evs), "kinds": kinds_of(evs),
                           "with": sorted(shared_with[i])}
        if coverage is not None:
            lines = coverage.get(f["path"], {})
            # gcov counts a multi-line statement on one of its lines.
            known = [lines[n] for n in range(first, last + 1) if n in lines] or \
                [lines[n] for n in range(start, end + 1) if n in lines]
            r["executions"] = max(known) if known else None
        if own or shared_of[i]:
            r["verdict"] = "confirmed"
        elif coverage is None or r.get("executions") is None:
            r["verdict"] = "not-observed"
        elif r["executions"] > 0:
            r["verdict"] = "refuted"
        else:
            r["verdict"] = "not-reached"
        e = explanation_for(f, explanations)
        if e is not None:
            used_explanations.add(id(e))
            if r["verdict"] != "confirmed":
                r["explanation"] = e["reason"]
        out.append(r)
    unpredicted = []
    for (path, line), evs in by_place.items():
        if (path, line) in candidates:
            continue
        funcs = collections.Counter(e["user"]["function"] for e in evs)
        callers = collections.Counter(c for e in evs for c in e["callers"][:1])
        u = {"path": path, "line": line, "count": len(evs), "blocked_ns": blocked(evs),
             "kinds": kinds_of(evs), "apis": sorted({e.get("api", "") for e in evs}),
             "function": funcs.most_common(1)[0][0], "callees": callees_of(evs)}
        if callers:
            u["called_from"] = callers.most_common(1)[0][0]
        unpredicted.append(u)
    unpredicted.sort(key=lambda u: (-u["count"], u["path"], u["line"]))
    stale = [e for e in explanations if id(e) not in used_explanations]
    return out, unpredicted, outside, stale, groups


def summarize(findings):
    counts = collections.Counter(f["verdict"] for f in findings)
    s = {v: counts.get(v, 0) for v in VERDICTS}
    s["explained"] = sum(1 for f in findings if "explanation" in f)
    s["unexplained"] = sum(1 for f in findings
                           if f["verdict"] != "confirmed" and "explanation" not in f)
    return s


# ---------------------------------------------------------------- running

def signal_name(num):
    try:
        return signal.Signals(num).name
    except ValueError:
        return "signal %d" % num


def kill_group(proc):
    """Kills a process started with start_new_session and all it started."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()


def run_program(command, probe, trace, timeout, cwd, stdout=None):
    """Runs command under the probe; returns the program part of the report.
    The program's standard output goes to stdout (a file), by default to our
    standard error: our standard output is the report's."""
    env = dict(os.environ)
    env["CUDA_INJECTION64_PATH"] = probe
    # The probe is also NVTX's injection library, so that it sees the
    # program's step marks even when its first NVTX call comes before CUDA
    # starts (NVTX reads the variable once, at that call).
    env.setdefault("NVTX_INJECTION64_PATH", probe)
    env["TORCHSYNC_PROBE_OUT"] = trace
    t0 = time.monotonic()
    try:
        # The program's output goes to our stderr: stdout is the report's.
        proc = subprocess.Popen(command, env=env, cwd=cwd,
                                stdout=stdout if stdout is not None else sys.stderr.fileno(),
                                start_new_session=True)
    except OSError as e:
        raise ToolError("cannot run %s: %s" % (command[0], e.strerror))
    status, message = "ok", ""
    try:
        rc = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        # The whole process group: a program may have forked workers.
        kill_group(proc)
        rc = None
        status, message = "timeout", "no exit within %gs; killed" % timeout
    except BaseException:
        # Interrupted (Ctrl-C): the program runs in a session of its own, so
        # it would outlive us, holding the GPU.
        kill_group(proc)
        raise
    wall = time.monotonic() - t0
    prog = {"command": command, "wall_s": round(wall, 3)}
    if rc is not None:
        prog["exit_code"] = rc
        if rc < 0:
            status, message = "crash", "killed by %s" % signal_name(-rc)
        elif rc != 0:
            status, message = "exit", "exit code %d" % rc
    prog["status"] = status
    if message:
        prog["message"] = message
    return prog


def how_far(trace_info, have_trace):
    """How far a program that did not finish got, from the probe's last
    progress record (written with each batch of events, and every second)."""
    p = trace_info.get("progress")
    if p:
        return "the probe had recorded %d syncs by %.1f s into the run (its last " \
               "progress record)" % (p["events"], p["elapsed_ms"] / 1000.0)
    if have_trace:
        return "the probe recorded %d syncs and no progress record" % trace_info["events"]
    return "the probe wrote no trace (no CUDA call yet, or CUDA did not load it)"


def gcda_files(folder):
    return [os.path.join(d, n) for d, _, names in os.walk(folder) for n in names
            if n.endswith(".gcda")]


# The length of the gcda paths given to one gcov call, well below the
# kernel's limit on a command line.
GCOV_BATCH_CHARS = 64 * 1024


def run_gcov(gcov, folder, tmpdir):
    """gcov JSON files for the counters the program left in folder: one per
    .gcda, so that a source compiled into several objects (a library's and
    a program's) keeps the counts of each; load_coverage adds them up.

    gcov names a JSON file after its .gcda's base name (util.cpp.gcda of
    two object folders both give util.cpp.gcov.json.gz, and the second
    overwrote the first): --preserve-paths names it after the whole path
    instead, and --hash-filenames puts a hash of that path in its place, so
    that a deep build folder cannot make a name longer than the file system
    takes. With --json-format gcov writes and forgets each input before it
    reads the next, so one call for many of them gives each object's own
    counts; the calls are cut in batches only to keep command lines short."""
    gcdas = sorted(os.path.abspath(g) for g in gcda_files(folder))
    if not gcdas:
        raise ToolError("no .gcda files under %s after the run: was the program built "
                        "with --coverage, and did it exit normally?" % folder)
    out = os.path.join(tmpdir, "gcov")
    os.makedirs(out)
    batches, size = [[]], 0
    for g in gcdas:
        if batches[-1] and size + len(g) > GCOV_BATCH_CHARS:
            batches.append([])
            size = 0
        batches[-1].append(g)
        size += len(g) + 1
    for batch in batches:
        try:
            proc = subprocess.run([gcov, "--json-format", "--preserve-paths",
                                   "--hash-filenames"] + batch,
                                  cwd=out, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  universal_newlines=True)
        except OSError as e:
            raise ToolError("cannot run %s: %s" % (gcov, e.strerror))
        if proc.returncode != 0:
            raise ToolError("%s failed (exit %d): %s" % (gcov, proc.returncode,
                                                         proc.stderr.strip()[:300]))
    return [os.path.join(out, n) for n in sorted(os.listdir(out)) if ".json" in n]


def default_probe(tool_dir):
    """$TORCHSYNC_PROBE, else the probe that torchsync-build-probe built in
    the current directory, else (a checkout) build-gpu/ or build/ of the
    source tree, else (the build tree: tool_dir is share/torchsync/python)
    the build tree's lib/."""
    if os.environ.get("TORCHSYNC_PROBE"):
        return os.environ["TORCHSYNC_PROBE"]
    repo = os.path.dirname(os.path.dirname(tool_dir))
    cands = [os.path.join("torchsync-probe", "lib")]
    cands += [os.path.join(repo, build, "lib") for build in ("build-gpu", "build")]
    cands.append(os.path.join(tool_dir, os.pardir, os.pardir, os.pardir, "lib"))
    for d in cands:
        cand = os.path.normpath(os.path.abspath(os.path.join(d, "libtorchsync-probe.so")))
        if os.path.exists(cand):
            return cand
    return None


def git_top(cwd):
    try:
        proc = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=cwd,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              universal_newlines=True)
    except OSError:
        return None
    return proc.stdout.strip() if proc.returncode == 0 and proc.stdout.strip() else None


# ---------------------------------------------------------------- rendering

def ms(ns):
    return "%.3f" % (ns / 1e6)


def kinds_text(kinds):
    return ", ".join("%d %s" % (n, k) if n > 1 else k for k, n in kinds.items()) or "-"


def table(rows):
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]) - 1)]
    return ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)) + "  " + str(r[-1])
            for r in rows]


def steps_text(st):
    return "time per step: %.3f ms (%s clock: the last %d of the %d steps between %d marks)" % (
        st["ms"], "GPU" if st["clock"] == "gpu" else "host", st["timed"], st["marks"] - 1,
        st["marks"])


def render_text(report):
    prog, trace, s = report["program"], report["trace"], report["summary"]
    lines = []
    if prog["status"] == "not-run":
        lines.append("%s: reconciled trace %s" % (TOOL, trace["path"]))
    else:
        lines.append("%s: %s: %s in %.1f s" % (
            TOOL, " ".join(shlex.quote(c) for c in prog["command"]),
            "ran to completion" if prog["status"] == "ok" else prog["message"], prog["wall_s"]))
    lines.append("trace: %d syncs, %s ms blocked; %d in user code, %d outside it%s" % (
        trace["events"], ms(trace["blocked_ns"]), trace["events"] - report["outside_user_code"]["count"],
        report["outside_user_code"]["count"],
        "" if trace["status"] == "ok" else " (%s)" % trace["message"]))
    for p in trace.get("problems", []):
        lines.append("trace problem: " + p)
    if report.get("steps"):
        lines.append(steps_text(report["steps"]))
    lines.append("")
    only_shared = sum(1 for f in report["findings"]
                      if f["verdict"] == "confirmed" and not f["count"])
    lines.append("findings: %d; %d confirmed%s, %d refuted, %d not reached, %d not observed; "
                 "%d of the unconfirmed explained, %d unexplained" % (
                     len(report["findings"]), s["confirmed"],
                     " (%d only by shared syncs)" % only_shared if only_shared else "",
                     s["refuted"], s["not-reached"],
                     s["not-observed"], s["explained"], s["unexplained"]))
    if report["findings"]:
        rows = [("verdict", "syncs", "blocked ms", "ran", "check", "place")]
        # Findings that share a line are told apart by their columns.
        lines_shared = collections.Counter((f["path"], f["line"]) for f in report["findings"])
        notes = []
        for f in report["findings"]:
            verdict = f["verdict"] + (" (explained)" if "explanation" in f else "")
            if f["verdict"] == "confirmed" and not f["count"]:
                verdict += " (shared)"
            ran = f.get("executions")
            place = "%s:%d" % (f["path"], f["line"])
            if f.get("column") and lines_shared[(f["path"], f["line"])] > 1:
                place += ":%d" % f["column"]
            if f["statement"] != [f["line"], f.get("endLine", f["line"])]:
                place += " (statement %d-%d)" % tuple(f["statement"])
            syncs = str(f["count"])
            if f.get("shared"):
                syncs += " +%d shared" % f["shared"]["count"]
            rows.append((verdict, syncs, ms(f["blocked_ns"]) if f["count"] else "-",
                         "-" if ran is None else ran, f["check"], place))
            if "explanation" in f:
                notes.append("  %s:%d %s: %s" % (f["path"], f["line"], f["check"],
                                                f["explanation"]))
        lines += ["  " + l for l in table(rows)]
        if s["not-observed"]:
            lines.append("  (not observed: without line coverage the run cannot tell a line "
                         "that never ran from one that ran without syncing; build with GCC's "
                         "--coverage and pass --gcov-data or --coverage)")
        if notes:
            lines += ["", "explanations:"] + notes
    lines.append("")
    un = report["unpredicted"]
    lines.append("unpredicted syncs: %d at %d places" % (sum(u["count"] for u in un), len(un)))
    if un:
        rows = [("syncs", "blocked ms", "kinds", "function", "place")]
        for u in un:
            rows.append((u["count"], ms(u["blocked_ns"]), kinds_text(u["kinds"]),
                         (u["function"] or "?")[:50], "%s:%d" % (u["path"], u["line"])))
        lines += ["  " + l for l in table(rows)]
    groups = report.get("shared") or []
    if groups:
        lines.append("shared syncs (several findings on one line, and the call they came "
                     "from does not tell whose): %d at %d place%s" % (
                         sum(g["count"] for g in groups), len(groups),
                         "" if len(groups) == 1 else "s"))
        rows = [("syncs", "blocked ms", "kinds", "callee", "place", "findings")]
        for g in groups:
            named = [report["findings"][i] for i in g["findings"]]
            # The callee of most of them, and how many others there are.
            callee = (g["callees"][0]["callee"] or "?") if g["callees"] else "?"
            if len(g["callees"]) > 1:
                callee = "%s (+%d)" % (callee[:50], len(g["callees"]) - 1)
            rows.append((g["count"], ms(g["blocked_ns"]), kinds_text(g["kinds"]), callee[:58],
                         "%s:%d" % (g["path"], g["line"]),
                         ", ".join("%s %d%s" % (f["check"], f["line"],
                                                ":%d" % f["column"] if f.get("column") else "")
                                   for f in named)))
        lines += ["  " + l for l in table(rows)]
    o = report["outside_user_code"]
    lines.append("syncs outside user code (no frame under the root): %d, %s ms blocked%s" % (
        o["count"], ms(o["blocked_ns"]), "; " + kinds_text(o["kinds"]) if o["count"] else ""))
    if o.get("cut_stacks"):
        lines.append("  %d of them with stacks cut at the probe's %d-frame limit: their user "
                     "frame may lie deeper" % (o["cut_stacks"], PROBE_MAX_FRAMES))
    for e in report["stale_explanations"]:
        lines.append("note: explanation matches no finding: %s" % json.dumps(e, sort_keys=True))
    return "\n".join(lines) + "\n"


def find_torchsync(explicit):
    """The torchsync driver that renders SARIF: --torchsync, else the one next
    to this command (bin/ of the build tree or of the install), else (the
    source tree's script) build/bin/ of this checkout, else the one on PATH;
    None when there is none (the GPU machine has no LLVM to build it)."""
    if explicit:
        if not (os.path.isfile(explicit) and os.access(explicit, os.X_OK)):
            raise ToolError("--torchsync %s is not an executable" % explicit)
        return os.path.abspath(explicit)
    script = os.path.abspath(sys.argv[0])
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    cands = [os.path.join(os.path.dirname(script), "torchsync"),
             os.path.join(os.path.dirname(os.path.realpath(script)), "torchsync"),
             os.path.join(repo, "build", "bin", "torchsync")]
    for cand in cands:
        if os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    return shutil.which("torchsync")


def render_sarif(torchsync, findings, report, output):
    """SARIF 2.1.0 through the driver's writer: `torchsync render-sarif`
    matches the report's entries to the findings by fingerprint. Writes to
    output (atomically), or returns the text when output is None."""
    with tempfile.TemporaryDirectory(prefix="torchsync-verify.") as tmp:
        path = os.path.join(tmp, "report.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1, sort_keys=True)
        cmd = [torchsync, "render-sarif", "--findings", os.path.abspath(findings),
               "--runtime-report", path, "-o", os.path.abspath(output) if output else "-"]
        try:
            proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  universal_newlines=True)
        except OSError as e:
            raise ToolError("cannot run %s: %s" % (torchsync, e.strerror))
    if proc.returncode != 0:
        why = proc.stderr.strip().splitlines()
        raise ToolError("%s render-sarif failed (exit %d): %s" % (
            torchsync, proc.returncode, why[0] if why else "no message"))
    return proc.stdout


# ---------------------------------------------------------------- the command

def add_arguments(p):
    p.add_argument("--findings", required=True, help="torchsync --format=json report")
    p.add_argument("--root", help="user code lies under this folder; finding paths are "
                                  "relative to it (default: the findings' root, else the "
                                  "git work tree, else .; one that differs from the "
                                  "findings' root is an error)")
    p.add_argument("--exclude", action="append", default=[], metavar="DIR",
                   help="a folder under the root that is not user code (repeatable)")
    p.add_argument("--format", choices=("text", "json", "sarif"), default="text",
                   help="json: the report described in %s; sarif: rendered from it by "
                        "the torchsync driver (torchsync render-sarif), which must be at "
                        "hand" % DOCS)
    p.add_argument("--torchsync", metavar="PATH",
                   help="the torchsync driver that renders --format=sarif (default: next "
                        "to torchsync-verify, build/bin of this checkout, else PATH)")
    p.add_argument("-o", dest="output", help="write the report here (atomically), not stdout")
    p.add_argument("--probe", help="libtorchsync-probe.so (default: $TORCHSYNC_PROBE, "
                                   "else build-gpu/lib or build/lib of this checkout)")
    p.add_argument("--timeout", type=float, default=600,
                   help="seconds before the program is killed as hung (default 600)")
    p.add_argument("--trace", help="reconcile this probe trace instead of running a program")
    p.add_argument("--keep-trace", metavar="FILE", help="copy the probe's trace here")
    p.add_argument("--explanations", help="JSON file explaining unconfirmed findings")
    p.add_argument("--harness", metavar="HARNESS_JSON",
                   help="harness.json of torchsync --emit-harness (snippet mode): "
                        "findings it could not harness are explained by its reason")
    p.add_argument("--coverage", action="append", default=[], metavar="GCOV_JSON",
                   help="gcov --json-format output (.json or .json.gz) of the same run: "
                        "tells refuted from not-reached (repeatable)")
    p.add_argument("--gcov-data", metavar="DIR",
                   help="the build folder of a program built with --coverage (GCC): its "
                        ".gcda counters are removed before the run and read with gcov "
                        "after it, as --coverage")
    p.add_argument("--gcov", default="gcov", help="the gcov to use with --gcov-data")
    p.add_argument("--addr2line", default="addr2line", help="the addr2line to use")
    p.add_argument("--warmup-steps", type=int, metavar="N",
                   help="steps marked with torchsync::mark_step() left out of the time per "
                        "step (default: a tenth of them)")
    p.add_argument("--strict", action="store_true",
                   help="exit 1 when a finding is neither confirmed nor explained, or a "
                        "sync is unpredicted")
    p.add_argument("program", nargs="*", help="the program and its arguments, after --")


def make_temporary_folder(prefix):
    try:
        return tempfile.mkdtemp(prefix=prefix)
    except OSError as e:
        raise ToolError("cannot make a temporary folder: %s" % (e.strerror or e))


def keep_copy(trace, keep):
    """Copies the trace to keep (--keep-trace) through a temporary file in
    its folder, renamed over it only once the copy is complete; a device or
    a pipe (/dev/null) is written to, never replaced."""
    real = os.path.realpath(keep)
    tmp = None
    try:
        if os.path.exists(real) and not os.path.isfile(real):
            with open(trace, "rb") as src, open(real, "wb") as dst:
                shutil.copyfileobj(src, dst)
            return
        fd, tmp = tempfile.mkstemp(prefix=os.path.basename(real) + ".",
                                   dir=os.path.dirname(real))
        os.close(fd)
        shutil.copyfile(trace, tmp)
        os.replace(tmp, real)
        tmp = None
    except OSError as e:
        raise ToolError("cannot write %s: %s" % (keep, e.strerror or e))
    finally:
        if tmp is not None and os.path.exists(tmp):
            os.unlink(tmp)


def cmd_run(args, write_atomically, stdout=None, quiet=False):
    """`torchsync-verify run`; stdout (a file) takes the program's output;
    quiet: no error line for a run that failed (the report has it)."""
    tool_dir = os.path.dirname(os.path.abspath(__file__))
    cwd = os.getcwd()
    check_outputs([("-o", args.output), ("--keep-trace", args.keep_trace)],
                  [("--findings", args.findings), ("--trace", args.trace),
                   ("--explanations", args.explanations), ("--harness", args.harness)] +
                  [("--coverage", c) for c in args.coverage])
    root = choose_root(args.root, args.findings, cwd)
    excludes = [os.path.realpath(x) for x in args.exclude]
    if args.timeout <= 0:
        raise ToolError("--timeout must be positive")
    if getattr(args, "warmup_steps", None) is not None and args.warmup_steps < 0:
        raise ToolError("--warmup-steps must not be negative")
    torchsync = None
    if args.format == "sarif":
        # Before the program runs: a run that cannot write its report is
        # refused at once.
        torchsync = find_torchsync(args.torchsync)
        if not torchsync:
            raise ToolError("--format=sarif needs the torchsync driver, which renders it, "
                            "and there is none next to torchsync-verify or on PATH (give "
                            "--torchsync PATH, or write --format=json and run `torchsync "
                            "render-sarif --findings FINDINGS --runtime-report REPORT` "
                            "where torchsync is installed)")
    findings = load_findings(args.findings)
    explanations = load_explanations(args.explanations) if args.explanations else []
    if args.harness:
        explanations += load_harness_manifest(args.harness)
    coverage = load_coverage(args.coverage, root) if args.coverage else None
    if args.gcov_data and (args.trace or not os.path.isdir(args.gcov_data)):
        raise ToolError("--gcov-data needs a program to run and a folder (use --coverage "
                        "with --trace)")
    if args.trace and args.program:
        raise ToolError("give either --trace or a program after --, not both")
    if not args.trace and not args.program:
        raise ToolError("no program to run: give it after --, or a trace with --trace")

    tmpdir = None
    coverage_problem = None
    try:
        if args.trace:
            trace = args.trace
            if not os.path.exists(trace):
                raise ToolError("cannot read trace %s: No such file or directory" % trace)
            prog = {"command": [], "status": "not-run", "wall_s": 0}
        else:
            probe = args.probe or default_probe(tool_dir)
            if not probe or not os.path.isfile(probe):
                raise ToolError("probe %s not found (build it with torchsync-build-probe on a "
                                "machine with the CUDA toolkit, or give --probe)" % (probe or "libtorchsync-probe.so"))
            tmpdir = make_temporary_folder("torchsync-verify.")
            trace = os.path.join(tmpdir, "trace.jsonl")
            if args.gcov_data:
                for gcda in gcda_files(args.gcov_data):
                    os.unlink(gcda)
            prog = run_program(args.program, os.path.abspath(probe), trace, args.timeout, cwd,
                               stdout)
            if args.gcov_data and prog["status"] != "ok" and not gcda_files(args.gcov_data):
                # A program that crashed or was killed writes no counters:
                # report the run without coverage rather than fail on it.
                coverage_problem = "no line coverage: the program did not exit normally, " \
                                   "so it wrote no .gcda counters"
            elif args.gcov_data:
                coverage = load_coverage(run_gcov(args.gcov, args.gcov_data, tmpdir), root)
        # The kept copy, when there is a trace to keep.
        trace_info = {"path": os.path.abspath(trace) if args.trace else
                      (os.path.abspath(args.keep_trace)
                       if args.keep_trace and os.path.exists(trace) else None)}
        if os.path.exists(trace):
            events, notes = load_trace(trace)
            if args.keep_trace and not args.trace:
                keep_copy(trace, args.keep_trace)
        else:
            events, notes = [], {}
        problems = [coverage_problem] if coverage_problem else []
        if not os.path.exists(trace):
            status, message = "absent", ("the probe wrote no trace: the program made no CUDA "
                                         "call, or CUDA did not load the probe")
        elif notes.get("fatal"):
            status, message = "probe-error", notes["fatal"][0].get("message", "probe failed")
        elif not notes.get("summary"):
            status, message = "incomplete", "the trace has no summary line (the program " \
                                            "did not exit normally)"
        else:
            status, message = "ok", ""
        for err in notes.get("error", []):
            problems.append("probe: %s:%s: %s: %s" % (err.get("file"), err.get("line"),
                                                      err.get("call"), err.get("message")))
        if notes.get("unreadable"):
            problems.append("unreadable trace lines: %s" % ", ".join(
                str(n) for n in notes["unreadable"][:5]))
        symbolizer = Symbolizer(args.addr2line)
        attribute(events, root, excludes, symbolizer, cwd)
        problems += symbolizer.problems
        trace_info.update({"status": status, "events": len(events),
                           "blocked_ns": blocked(events)})
        if notes.get("progress"):
            last = notes["progress"][-1]
            trace_info["progress"] = {"events": int(last.get("events", 0)),
                                      "elapsed_ms": int(last.get("elapsed_ms", 0))}
        # How far a program that did not finish got (a crash: only when the
        # probe said; the trace line says the rest).
        if prog["status"] == "timeout" or (prog["status"] == "crash"
                                           and "progress" in trace_info):
            prog["message"] += "; " + how_far(trace_info, os.path.exists(trace))
        if message:
            trace_info["message"] = message
        if problems:
            trace_info["problems"] = problems
    finally:
        if tmpdir:
            shutil.rmtree(tmpdir, ignore_errors=True)

    found, unpredicted, outside, stale, shared = reconcile(findings, events, explanations,
                                                           coverage, root)
    report = {"version": FORMAT_VERSION, "tool": {"name": TOOL, "version": VERSION},
              "root": root, "program": prog, "trace": trace_info,
              "coverage": coverage is not None, "findings": found,
              "summary": summarize(found), "unpredicted": unpredicted,
              "outside_user_code": {"count": len(outside), "blocked_ns": blocked(outside),
                                    "kinds": kinds_of(outside),
                                    "cut_stacks": sum(1 for e in outside
                                                      if len(e["stack"]) >= PROBE_MAX_FRAMES)},
              "stale_explanations": stale, "shared": shared}
    steps = step_times(notes, getattr(args, "warmup_steps", None))
    if steps:
        report["steps"] = steps
    if args.format == "sarif":
        text = render_sarif(torchsync, args.findings, report, args.output)
    elif args.format == "json":
        text = json.dumps(report, indent=1, sort_keys=True) + "\n"
    else:
        text = render_text(report)
    if args.output and args.format != "sarif":
        write_atomically(args.output, text)
    elif not args.output:
        sys.stdout.write(text)
    ran = prog["status"] in ("ok", "not-run") and status == "ok"
    if not ran:
        # The report is written; the run itself failed: exit 2, one line.
        if not quiet:
            print("%s: error: %s" % (TOOL, prog.get("message") or message), file=sys.stderr)
        return 2
    if args.strict and (report["summary"]["unexplained"] or unpredicted):
        return 1
    return 0
