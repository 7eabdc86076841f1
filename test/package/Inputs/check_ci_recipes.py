"""Checks the CI recipes of docs/ci.md.

    check_ci_recipes.py --doc docs/ci.md --torchsync PROGRAM --mock-include DIR --work DIR

1. Every ```yaml block of the GitHub Actions, GitLab CI and pre-commit
   sections parses (PyYAML, Debian's python3-yaml).
2. Every job that runs torchsync installs the Debian package
   (apt-get install ./torchsync_*_amd64.deb) before it, from the artifact of
   a job that builds it with cpack and that it needs; the jobs run on
   Debian 12.
3. The shell steps that can run here run, in a small git project of LibTorch
   code (a CMake project on the mock LibTorch headers, with a committed
   baseline and a new finding), with PROGRAM as `torchsync` on PATH: the
   configure step, every torchsync command (GitHub and GitLab variables
   filled in), the sharded two-step run, the pre-commit hook through
   `git commit` and the pre-commit framework's entry as pre-commit runs it.
   Lines that install packages (apt-get) or build torchsync (setup.sh,
   cpack) are the package job's and are left out.

Prints one line per check; exit 1 if any failed."""

import argparse
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

import yaml

SECTIONS = ("GitHub Actions", "GitLab CI", "pre-commit hook")
DEB = re.compile(r"apt-get install\b.*\s\./torchsync_\*_amd64\.deb")
TORCHSYNC = re.compile(r"(^|[\s|;&(])torchsync\s")
SKIP_LINE = re.compile(r"^\s*(sudo\s+)?(apt-get|bash torchsync/\.ci/setup\.sh|\(?cd torchsync/build)")

failures = []


def check(ok, what):
    print(("ok: " if ok else "FAILED: ") + what)
    if not ok:
        failures.append(what)
    return ok


def blocks(doc):
    """{section: [(lang, text)]} for the recipe sections."""
    out = {s: [] for s in SECTIONS}
    section = None
    lines = open(doc, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("## "):
            section = line[3:].strip() if line[3:].strip() in SECTIONS else None
        elif line.startswith("```") and len(line) > 3:
            lang = line[3:].strip()
            j = i + 1
            while not lines[j].startswith("```"):
                j += 1
            if section:
                out[section].append((lang, "\n".join(lines[i + 1:j]) + "\n"))
            i = j
        i += 1
    return out


def runs_torchsync(script):
    return any(TORCHSYNC.search(l) for l in script.split("\n") if not SKIP_LINE.match(l))


# ---------------------------------------------------------------- structure

def check_github_jobs(name, jobs, package_jobs):
    """The jobs of one workflow block; package_jobs: {job: artifact name}."""
    for job, spec in jobs.items():
        steps = spec.get("steps", [])
        scripts = [s.get("run", "") for s in steps]
        if any("cpack -G DEB" in s for s in scripts):
            uploads = [s for s in steps if str(s.get("uses", "")).startswith("actions/upload-artifact")]
            ok = any("torchsync_*_amd64.deb" in str(s.get("with", {}).get("path", "")) for s in uploads)
            check(ok, "%s: job %s builds the package and uploads it as an artifact" % (name, job))
            if ok:
                package_jobs[job] = uploads[0]["with"]["name"]
    for job, spec in jobs.items():
        steps = spec.get("steps", [])
        first = next((k for k, s in enumerate(steps) if runs_torchsync(s.get("run", ""))), None)
        if first is None or job in package_jobs:
            continue
        needs = spec.get("needs", [])
        needs = [needs] if isinstance(needs, str) else needs
        pkg = [j for j in needs if j in package_jobs]
        check(bool(pkg), "%s: job %s needs the job that builds the package (needs: %s)" % (name, job, needs))
        before = steps[:first]
        downloads = [s for s in before if str(s.get("uses", "")).startswith("actions/download-artifact")]
        check(any(pkg and s.get("with", {}).get("name") == package_jobs[pkg[0]] for s in downloads),
              "%s: job %s downloads the package artifact before running torchsync" % (name, job))
        check(any(DEB.search(s.get("run", "")) for s in before),
              "%s: job %s installs ./torchsync_*_amd64.deb with apt-get before running torchsync" % (name, job))
        check(spec.get("container") == "debian:12", "%s: job %s runs on debian:12" % (name, job))


def check_gitlab(name, doc):
    jobs = {k: v for k, v in doc.items() if isinstance(v, dict) and "script" in v}
    package = [j for j, v in jobs.items() if any("cpack -G DEB" in l for l in v["script"])]
    check(len(package) == 1, "%s: one job builds the package with cpack" % name)
    for j in package:
        check(any("torchsync_*_amd64.deb" in p for p in jobs[j].get("artifacts", {}).get("paths", [])),
              "%s: job %s keeps the package as an artifact" % (name, j))
    for j, v in jobs.items():
        script = v["script"]
        first = next((k for k, l in enumerate(script) if runs_torchsync(l)), None)
        if first is None or j in package:
            continue
        check(any(p in v.get("needs", []) for p in package), "%s: job %s needs the package job" % (name, j))
        check(any(DEB.search(l) for l in script[:first]),
              "%s: job %s installs ./torchsync_*_amd64.deb with apt-get before running torchsync" % (name, j))
        check(v.get("image") == "debian:12", "%s: job %s runs on debian:12" % (name, j))
    return jobs


# ---------------------------------------------------------------- running

class Project:
    """A git project of LibTorch code: src/train.cpp has an old finding (in
    the committed baseline), src/eval.cpp a new one on the branch, against
    origin/main."""

    def __init__(self, work, torchsync, mock):
        self.dir = os.path.join(work, "project")
        self.bin = os.path.join(work, "bin")
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(os.path.join(self.dir, "src"))
        os.makedirs(self.bin)
        os.symlink(os.path.abspath(torchsync), os.path.join(self.bin, "torchsync"))
        self.env = dict(os.environ, HOME=os.path.join(work, "home"),
                        PATH=self.bin + os.pathsep + os.environ["PATH"],
                        GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid",
                        GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid")
        os.makedirs(self.env["HOME"])
        self.write("CMakeLists.txt",
                   "cmake_minimum_required(VERSION 3.16)\nproject(sample CXX)\n"
                   "set(CMAKE_CXX_STANDARD 17)\nadd_library(sample src/train.cpp src/eval.cpp)\n"
                   "target_include_directories(sample SYSTEM PRIVATE %s)\n" % mock)
        self.write("src/train.cpp", self.TRAIN)
        self.write("src/eval.cpp", self.EVAL)
        self.sh("git init -q -b main . && git add -A && git commit -qm base")
        self.sh("cmake -S . -B build -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON > /dev/null && "
                "torchsync -p build --quiet --no-cache --write-baseline=.torchsync-baseline.json && "
                "git add .torchsync-baseline.json && git commit -qm baseline && "
                "git update-ref refs/remotes/origin/main HEAD && rm -rf build")
        self.write("src/eval.cpp", self.EVAL.replace("    total += 1;", "    total += x.sum().item<float>();"))
        self.sh("git checkout -q -b feature && git commit -qam 'a new sync'")

    TRAIN = ("#include <torch/torch.h>\n"
             "float train(int steps) {\n"
             "  auto x = torch::randn({4}, torch::kCUDA);\n"
             "  float total = 0;\n"
             "  for (int i = 0; i < steps; ++i) {\n"
             "    total += x.sum().item<float>();\n"
             "    // the end of the loop\n"
             "  }\n"
             "  return total;\n"
             "}\n")
    EVAL = ("#include <torch/torch.h>\n"
            "float evaluate(int steps) {\n"
            "  auto x = torch::randn({4}, torch::kCUDA);\n"
            "  float total = 0;\n"
            "  for (int i = 0; i < steps; ++i)\n"
            "    total += 1;\n"
            "  return total;\n"
            "}\n")

    def write(self, rel, text):
        with open(os.path.join(self.dir, rel), "w", encoding="utf-8") as f:
            f.write(text)

    def read(self, rel):
        with open(os.path.join(self.dir, rel), encoding="utf-8") as f:
            return f.read()

    def sh(self, script, check_rc=True, env=None):
        proc = subprocess.run(["bash", "-e", "-c", script], cwd=self.dir, env=env or self.env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              universal_newlines=True)
        if check_rc and proc.returncode != 0:
            raise RuntimeError("%s: exit %d\n%s" % (script, proc.returncode, proc.stdout))
        return proc.returncode, proc.stdout

    def sarif_results(self, rel):
        try:
            with open(os.path.join(self.dir, rel), encoding="utf-8") as f:
                runs = json.load(f)["runs"]
        except (OSError, ValueError, KeyError):
            return None
        return [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                for run in runs for r in run.get("results", [])]


def local_script(script, subst):
    """The lines of a step that can run here, with ${{ ... }} filled in."""
    lines = [l for l in script.split("\n") if not SKIP_LINE.match(l)]
    text = "\n".join(lines)
    text = re.sub(r"\$\{\{\s*([^}]*?)\s*\}\}", lambda m: subst[m.group(1)], text)
    return text.strip()


def run_steps(project, name, steps, subst):
    """Runs the steps' run scripts; returns the exit code of each torchsync step."""
    codes = []
    for step in steps:
        script = local_script(step.get("run", ""), subst)
        if not script:
            continue
        rc, out = project.sh(script, check_rc=False)
        if runs_torchsync(step.get("run", "")):
            codes.append((script, rc, out))
            check(rc in (0, 1), "%s: `%s` exits %d (0 or 1; 2 is a tool error)%s"
                  % (name, script.split("\n")[-1].strip(), rc, "" if rc in (0, 1) else "\n" + out))
        else:
            check(rc == 0, "%s: `%s` runs%s" % (name, script.split("\n")[0], "" if rc == 0 else "\n" + out))
    return codes


def run_github(project, workflow, matrix, annotate, sha):
    subst = {"github.base_ref": "main", "github.sha": sha, "runner.os": "Linux"}
    lint = workflow["jobs"]["torchsync"]
    project.sh("rm -rf build torchsync.sarif")
    codes = run_steps(project, "GitHub torchsync job", lint["steps"], subst)
    check([c[1] for c in codes] == [1], "GitHub torchsync job: the gate fails (exit 1) on the new finding")
    check(project.sarif_results("torchsync.sarif") == ["src/eval.cpp"],
          "GitHub torchsync job: torchsync.sarif has the new finding only (the baseline holds the old one)")
    # The annotation steps belong to the same job, after configure.
    codes = run_steps(project, "GitHub annotations", annotate, subst)
    check(len(codes) == 1 and codes[0][1] == 1 and "::warning file=src/eval.cpp" in codes[0][2]
          and "::warning file=src/train.cpp" not in codes[0][2],
          "GitHub annotations: the changed line's finding, not the old one")

    project.sh("rm -rf build shard-*.sarif torchsync.sarif")
    shard = matrix["jobs"]["shard"]
    for n in shard["strategy"]["matrix"]["shard"]:
        run_steps(project, "GitHub shard %s" % n, shard["steps"], dict(subst, **{"matrix.shard": str(n)}))
    run_steps(project, "GitHub report", matrix["jobs"]["report"]["steps"], subst)
    check(sorted(project.sarif_results("torchsync.sarif") or []) == ["src/eval.cpp", "src/train.cpp"],
          "GitHub report: the merged SARIF has the findings of every shard")


def run_gitlab(project, jobs, sha):
    env = dict(project.env, CI_COMMIT_REF_SLUG="feature", CI_COMMIT_SHA=sha)
    project.sh("rm -rf build .torchsync-cache gl-torchsync.sarif")
    for j, v in jobs.items():
        if any("cpack" in l for l in v["script"]):
            continue
        for line in v["script"]:
            script = local_script(line, {})
            if not script:
                continue
            rc, out = project.sh(script, check_rc=False, env=env)
            if runs_torchsync(line):
                check(rc == 1, "GitLab %s: `%s` fails the gate (exit 1) on the new finding (exit %d)%s"
                      % (j, script, rc, "" if rc == 1 else "\n" + out))
            else:
                check(rc == 0, "GitLab %s: `%s` runs%s" % (j, script, "" if rc == 0 else "\n" + out))
        for p in v.get("artifacts", {}).get("paths", []):
            check(bool(glob.glob(os.path.join(project.dir, p))), "GitLab %s: artifact %s exists" % (j, p))
    check(project.sarif_results("gl-torchsync.sarif") == ["src/eval.cpp"],
          "GitLab: gl-torchsync.sarif has the new finding only")


def run_precommit(project, hook, precommit):
    """A staged edit near an old finding passes; a staged new sync fails."""
    project.sh("rm -rf build && cmake -S . -B build -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON > /dev/null")
    hooks = os.path.join(project.dir, ".git", "hooks")
    entry = precommit["repos"][0]["hooks"][0]
    files_re = re.compile(entry["files"])
    check("--diff" in entry["entry"] and re.search(r"-j\s*\d", entry["entry"]) and entry.get("require_serial"),
          "pre-commit framework: the entry uses --diff and -j, and require_serial")
    check("--diff=-" in hook and "git diff --cached -U0" in hook and re.search(r"-j\s*\d", hook),
          "pre-commit hook: staged lines (git diff --cached -U0 | ... --diff=-) and -j")
    old = project.read("src/train.cpp")
    for how in ("hook", "framework"):
        if how == "hook":
            with open(os.path.join(hooks, "pre-commit"), "w") as f:
                f.write(hook)
            os.chmod(os.path.join(hooks, "pre-commit"), 0o755)

            def commit():
                return project.sh("git commit -qm change", check_rc=False)
        else:
            os.unlink(os.path.join(hooks, "pre-commit"))

            def commit():
                # What pre-commit runs: the entry, split as a shell would, and
                # the staged files that match `files`.
                _, staged = project.sh("git diff --cached --name-only --diff-filter=ACM")
                files = [f for f in staged.split() if files_re.search(f)]
                cmd = " ".join(shlex.quote(a) for a in shlex.split(entry["entry"]) + files)
                rc, out = project.sh(cmd, check_rc=False)
                if rc == 0:
                    project.sh("git commit -qm change --no-verify")
                return rc, out

        # An edit in the file with the old finding, on another line.
        project.write("src/train.cpp", old.replace("// the end of the loop", "// the end of the loop (%s)" % how))
        project.sh("git add src/train.cpp")
        rc, out = commit()
        check(rc == 0, "pre-commit %s: a staged edit in a file with an old finding commits%s"
              % (how, "" if rc == 0 else " (exit %d)\n%s" % (rc, out)))
        # A new sync on a staged line.
        text = project.read("src/train.cpp")
        project.write("src/train.cpp", text.replace("    // the end", "    total += x.max().item<float>();\n    // the end"))
        project.sh("git add src/train.cpp")
        rc, out = commit()
        check(rc == 1 and re.search(r"train\.cpp:7:", out) and not re.search(r"train\.cpp:6:", out),
              "pre-commit %s: a staged new sync blocks the commit, the old one is not reported (exit %d)%s"
              % (how, rc, "" if rc == 1 else "\n" + out))
        project.sh("git reset -q --hard HEAD")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--doc", required=True)
    ap.add_argument("--torchsync", required=True)
    ap.add_argument("--mock-include", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()

    parsed = {}
    for section, found in blocks(a.doc).items():
        yamls = []
        for lang, text in found:
            if lang != "yaml":
                continue
            try:
                yamls.append(yaml.safe_load(text))
                check(True, "%s: a YAML block parses" % section)
            except yaml.YAMLError as e:
                check(False, "%s: a YAML block does not parse: %s" % (section, e))
        parsed[section] = (yamls, [t for lang, t in found if lang == "sh"])
    gh, _ = parsed["GitHub Actions"]
    gl, _ = parsed["GitLab CI"]
    pc, pc_sh = parsed["pre-commit hook"]
    if not (check(len(gh) == 3, "GitHub Actions: 3 YAML blocks (workflow, matrix, annotation steps)")
            and check(len(gl) == 1, "GitLab CI: 1 YAML block")
            and check(len(pc) == 1 and len(pc_sh) == 1, "pre-commit hook: a hook script and a YAML block")):
        return 1
    workflow, matrix, annotate = gh
    package_jobs = {}
    check_github_jobs("GitHub workflow", workflow["jobs"], package_jobs)
    check_github_jobs("GitHub matrix", matrix["jobs"], package_jobs)
    check("torchsync-package" in package_jobs, "GitHub: the matrix needs the workflow's package job")
    check(isinstance(annotate, list) and all(
        not runs_torchsync(s.get("run", "")) or "--diff" in s["run"] for s in annotate),
        "GitHub annotations: steps of the torchsync job, on changed lines (--diff)")
    jobs = check_gitlab("GitLab", gl[0])

    project = Project(a.work, a.torchsync, a.mock_include)
    _, sha = project.sh("git rev-parse HEAD")
    run_github(project, workflow, matrix, annotate, sha.strip())
    run_gitlab(project, jobs, sha.strip())
    run_precommit(project, pc_sh[0], pc[0])
    print("%d checks failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
