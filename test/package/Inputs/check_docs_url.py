"""Checks that the links in torchsync's and torchsync-verify's SARIF reports
come from one base URL and, by default, name the docs that the install puts
under the prefix.

    check_docs_url.py --cache CMakeCache.txt --prefix DIR driver.sarif verify.sarif

DIR is where the test installed the build (cmake --install --prefix DIR);
the links name the configured CMAKE_INSTALL_PREFIX, so each link's path is
looked up under DIR after replacing that prefix."""

import argparse
import json
import os
import sys
import urllib.parse


def cache_value(cache, name):
    with open(cache, encoding="utf-8") as f:
        for line in f:
            key, _, value = line.rstrip("\n").partition("=")
            if key.split(":")[0] == name:
                return value
    return ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", required=True)
    ap.add_argument("--prefix", required=True)
    ap.add_argument("driver")
    ap.add_argument("verify")
    a = ap.parse_args()
    with open(a.driver, encoding="utf-8") as f:
        driver = json.load(f)["runs"][0]["tool"]["driver"]
    with open(a.verify, encoding="utf-8") as f:
        verify = json.load(f)["runs"][0]["tool"]["driver"]

    links = {r["id"]: r["helpUri"] for r in driver["rules"]}
    links["torchsync informationUri"] = driver["informationUri"]
    links["torchsync-verify informationUri"] = verify["informationUri"]
    problems = []
    override = cache_value(a.cache, "TORCHSYNC_DOCS_URL")
    if override:
        base = override
    else:
        prefix = cache_value(a.cache, "CMAKE_INSTALL_PREFIX")
        base = "file://" + prefix + "/share/doc/torchsync"
    for what, url in sorted(links.items()):
        if not url.startswith(base + "/"):
            problems.append("%s: %s is not under %s" % (what, url, base))
            continue
        if override:
            continue
        # The page must be where the install put the docs.
        rel = urllib.parse.unquote(url[len(base) + 1:])
        path = os.path.join(a.prefix, "share", "doc", "torchsync", rel)
        if not os.path.isfile(path):
            problems.append("%s: %s is not installed (%s)" % (what, url, path))
    for p in problems:
        print("error: " + p)
    print("%d links under %s, %d problems" % (len(links), base, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
