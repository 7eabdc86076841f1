#!/usr/bin/env python3
"""Runs one torchsync check test, with the contract of LLVM's check_clang_tidy.py.

Usage (through lit's %check_torchsync substitution):
  check_torchsync.py [options] <input.cpp> <check-name> <temp-prefix> [-- <compiler args>]

Steps:
  1. Copy the input to <temp-prefix>.cpp with every `// CHECK-*:` comment
     blanked (line numbers are kept).
  2. Run stock clang-tidy-19 with the plugin and only torchsync-<check-name>,
     with --fix (and --fix-notes when asked).
  3. FileCheck the diagnostics: CHECK-MESSAGES (warnings; notes ignored) and
     CHECK-NOTES (warnings and notes). Any warning or error that no CHECK line
     expects fails the test; an input with no CHECK-MESSAGES/NOTES must
     produce no warning at all.
  4. FileCheck the fixed file against CHECK-FIXES.
  5. The fixed file must still compile, and
  6. fixes are idempotent: a second --fix run over the fixed file compiles
     it without an error and changes nothing. clang-tidy exits with 1 on any
     compiler error (without --fix-errors), so a run that exits with 0 has
     compiled the file; the input itself compiled in step 2 for the same
     reason. (One parse of the fixed file, not two: the real-header tests
     pay 6-11 s a parse.)
  7. With --torchsync, the driver reports the same diagnostics as the plugin
     on the same file (before fixes). The driver limits the matchers to user
     code (the AST's traversal scope); stock clang-tidy traverses
     everything, so this shows the scope loses nothing.

Under the sanitizers (--driver-only, which lit's `--param driver-only=1`
adds, as .ci/sanitize.sh runs the suites) one run does it all: the driver, with --fix (and --fix-notes), whose
diagnostics and fixed file are checked as in steps 3 and 4. There what
matters is that every check's code, and the driver's fixing, runs on every
input under the sanitizers; the plugin's runs, the second round and the
comparison of driver and plugin (steps 2, 5-7) are the plain suite's, which
the README's test command runs. The plugin is the same object files as the
driver's checks.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys


def fail(message, output=None):
    sys.stderr.write("check_torchsync.py: FAIL: " + message + "\n")
    if output:
        sys.stderr.write("------ output ------\n" + output + "\n--------------------\n")
    sys.exit(1)


def run(cmd, what):
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True)
    sys.stdout.write("$ " + " ".join(cmd) + "\n")
    return proc.returncode, proc.stdout


def diagnostics(output):
    return [l for l in output.splitlines()
            if re.search(r": (warning|error|note): ", l)]


def filecheck(args, check_file, prefix, input_text, extra=()):
    """FileCheck with the prefix and, under --libtorch-major=N, the same
    prefix with -VN: expectations that hold for one LibTorch major version
    (`CHECK-MESSAGES-V2:` beside the shared `CHECK-MESSAGES:`)."""
    prefixes = [prefix] + ([prefix + "-V" + args.libtorch_major] if args.libtorch_major else [])
    cmd = [args.filecheck, "-input-file=-", check_file,
           "-check-prefixes=" + ",".join(prefixes), "-allow-unused-prefixes",
           "-strict-whitespace"] + list(extra)
    proc = subprocess.run(cmd, input=input_text, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, universal_newlines=True)
    if proc.returncode != 0:
        fail("FileCheck " + prefix + " failed", proc.stdout + "\n--- checked input ---\n" + input_text)


def uses_pch(text, std, compiler_args, pch_flags):
    """Whether the input may be parsed on a precompiled <torch/torch.h>.

    Each PCH is test/Inputs/torch-pch.h (one `#include <torch/torch.h>`)
    compiled with -std=c++17, the -isystem folders of the input's headers
    (mock or real) and pch_flags (the mock's 2.x mode: -D flags). Loading it
    with -include-pch is the same as including that header before the
    input's first line, and <torch/torch.h> and what it includes are
    include-guarded, so the input's own include of it then adds nothing. The
    input sees the same declarations, macros and source locations as without
    it exactly when nothing comes before its `#include <torch/torch.h>` but
    comments and blank lines (no macro, no other header first) and the
    command line adds exactly the PCH's flags (no other -D, no other
    standard)."""
    return (std == "c++17" and compiler_args == pch_flags and
            torch_include_first(text))


def torch_include_first(text):
    """Whether nothing but comments and blank lines precedes the text's
    `#include <torch/torch.h>`."""
    code = re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)
    first = next((l.strip() for l in code.splitlines() if l.strip()), "")
    return re.fullmatch(r"#\s*include\s*<torch/torch\.h>", first) is not None


def run_driver(args, temp_cpp, cxx_flags, fix=()):
    """One driver run over the input's copy, which it names relative to the
    copy's folder (--root); its diagnostic lines and its whole output."""
    temp_dir = os.path.dirname(os.path.abspath(temp_cpp))
    driver = [args.torchsync, "--quiet", "--no-cache", "--root=" + temp_dir,
              "--checks=-*,torchsync-" + args.check] + list(fix)
    if args.config:
        driver.append("--config=" + args.config)
    rc, output = run(driver + [temp_cpp, "--"] + cxx_flags, "torchsync")
    if rc not in (0, 1):
        fail("torchsync exited with %d" % rc, output)
    return diagnostics(output), output


def check_results(args, prefixes, present, diag_lines, output, temp_cpp, cleaned):
    """Steps 3 and 4: FileCheck the diagnostics (CHECK-NOTES: warnings and
    notes; CHECK-MESSAGES: warnings; neither: no warning at all) and the
    fixed file (CHECK-FIXES; without them it must be unchanged). Returns
    the fixed file's text."""
    p_messages, p_notes, p_fixes = prefixes
    has_messages, has_notes, has_fixes = present
    warnings = [l for l in diag_lines if re.search(r": (warning|error): ", l)]
    if has_notes:
        filecheck(args, args.input, p_notes, "\n".join(diag_lines) + "\n",
                  ["-implicit-check-not={{note|warning|error}}:"])
    elif has_messages:
        filecheck(args, args.input, p_messages, "\n".join(warnings) + "\n",
                  ["-implicit-check-not={{warning|error}}:"])
    elif warnings:
        fail("expected no warnings (the input has no %s lines)" % p_messages,
             output)
    with open(temp_cpp, encoding="utf-8") as f:
        fixed = f.read()
    if has_fixes:
        filecheck(args, args.input, p_fixes, fixed)
    elif fixed != cleaned:
        fail("fix-its changed the file but the input has no %s lines" % p_fixes,
             fixed)
    return fixed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clang-tidy", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--filecheck", required=True)
    parser.add_argument("--torchsync", default=None,
                        help="also run the driver and compare its diagnostics")
    parser.add_argument("--include", action="append", default=[],
                        help="-isystem directory for the headers (mock or real)")
    parser.add_argument("--pch", nargs=2, action="append", default=[],
                        metavar=("PCH", "FLAGS"),
                        help="a precompiled <torch/torch.h> built with FLAGS "
                             "(space-separated, beyond -std and the -isystem "
                             "folders) to parse a qualifying input on (see "
                             "uses_pch)")
    parser.add_argument("--driver-only", action="store_true",
                        help="one driver run with --fix (the sanitizer suites)")
    parser.add_argument("-no-pch", dest="no_pch", action="store_true",
                        help="the driver parses the headers as a user's build "
                             "does, even where the input qualifies for --pch; "
                             "the plugin's runs still use it, so the "
                             "comparison of step 7 also shows the PCH changes "
                             "nothing")
    parser.add_argument("-fix-notes", dest="fix_notes", action="store_true",
                        help="also apply the fix-its of notes")
    parser.add_argument("-config", dest="config", default=None,
                        help="clang-tidy --config string")
    parser.add_argument("-check-suffix", dest="suffix", default="",
                        help="use CHECK-MESSAGES-<SUFFIX> etc.")
    parser.add_argument("--libtorch-major", default="",
                        help="the major version of the LibTorch headers: CHECK-*-V<N> "
                             "lines hold for it (and CHECK-* for every version)")
    parser.add_argument("-std", dest="std", default="c++17")
    parser.add_argument("input")
    parser.add_argument("check")
    parser.add_argument("temp")
    argv = sys.argv[1:]
    compiler_args = []
    if "--" in argv:
        split = argv.index("--")
        argv, compiler_args = argv[:split], argv[split + 1:]
    args = parser.parse_args(argv)

    suffix = "-" + args.suffix.upper() if args.suffix else ""
    p_messages = "CHECK-MESSAGES" + suffix
    p_notes = "CHECK-NOTES" + suffix
    p_fixes = "CHECK-FIXES" + suffix

    with open(args.input, encoding="utf-8") as f:
        original = f.read()
    version = "-V" + args.libtorch_major if args.libtorch_major else ""
    has = lambda p: re.search(r"\b" + re.escape(p) + "(" + re.escape(version) + r")?:",
                              original) is not None
    has_messages, has_notes, has_fixes = has(p_messages), has(p_notes), has(p_fixes)
    if has_messages and has_notes:
        fail("use either %s or %s, not both" % (p_messages, p_notes))

    # Blank the CHECK comments so that fixed lines compare cleanly.
    cleaned = re.sub(r"// *CHECK-[A-Z0-9\-]*:[^\r\n]*", "//", original)
    temp_cpp = args.temp + ".cpp"
    os.makedirs(os.path.dirname(os.path.abspath(temp_cpp)), exist_ok=True)
    with open(temp_cpp, "w", encoding="utf-8") as f:
        f.write(cleaned)

    cxx_flags = ["-std=" + args.std]
    for inc in args.include:
        cxx_flags += ["-isystem", inc]
    cxx_flags += compiler_args
    # The driver's flags: without the PCH under -no-pch.
    driver_flags = list(cxx_flags)
    for pch, pch_flags in args.pch:
        if uses_pch(original, args.std, compiler_args, pch_flags.split()):
            cxx_flags += ["-include-pch", pch]
            if not args.no_pch:
                driver_flags = list(cxx_flags)
            break

    tidy = [args.clang_tidy, "--load=" + args.plugin,
            "--checks=-*,torchsync-" + args.check, "--fix"]
    if args.fix_notes:
        tidy.append("--fix-notes")
    if args.config:
        tidy.append("--config=" + args.config)

    prefixes = (p_messages, p_notes, p_fixes)
    present = (has_messages, has_notes, has_fixes)
    if args.driver_only and args.torchsync:
        # The sanitizer suites' single run (see the module's docstring).
        diag_lines, output = run_driver(
            args, temp_cpp, driver_flags,
            ["--fix-notes" if args.fix_notes else "--fix"])
        check_results(args, prefixes, present, diag_lines, output, temp_cpp,
                      cleaned)
        print("check_torchsync.py: PASS (driver only, under the sanitizers)")
        return

    driver_lines = None
    if args.torchsync:
        # The driver names files relative to --root; the plugin by the
        # name it was given (absolute): compared without the directory.
        temp_dir = os.path.dirname(os.path.abspath(temp_cpp))
        driver_lines, _ = run_driver(args, temp_cpp, driver_flags)

    rc, output = run(tidy + [temp_cpp, "--"] + cxx_flags, "clang-tidy")
    if rc != 0:
        fail("clang-tidy exited with %d" % rc, output)
    # Only diagnostics, as FileCheck sees them.
    diag_lines = diagnostics(output)
    # --fix adds a note where it applied a fix; the driver ran without it.
    applied = [l for l in diag_lines if "note: FIX-IT applied" not in l]
    if driver_lines is not None:
        applied = [l[len(temp_dir) + 1:] if l.startswith(temp_dir + os.sep) else l
                   for l in applied]
    if driver_lines is not None and sorted(driver_lines) != sorted(applied):
        fail("the driver and the plugin report different diagnostics",
             "--- plugin ---\n" + "\n".join(applied) +
             "\n--- driver ---\n" + "\n".join(driver_lines))
    fixed = check_results(args, prefixes, present, diag_lines, output,
                          temp_cpp, cleaned)

    # The fixed code still compiles, and applying the fixes again changes
    # nothing: one more clang-tidy run over it, which exits with 1 on a
    # compiler error. Unfixed, the file compiled in the run above.
    if fixed != cleaned:
        rc, output2 = run(tidy + [temp_cpp, "--"] + cxx_flags, "clang-tidy again")
        errors = [l for l in diagnostics(output2) if ": error: " in l]
        if errors or rc != 0:
            fail("the fixed file does not compile", output2)
        with open(temp_cpp, encoding="utf-8") as f:
            refixed = f.read()
        if refixed != fixed:
            fail("fixes are not idempotent: a second run changed the file",
                 output2)
    print("check_torchsync.py: PASS")


if __name__ == "__main__":
    main()
