#!/usr/bin/env python3
# Compares oalens oracle types with hand labels.
# usage: scripts/oracle-handcheck.py SCAN.json REPO_ROOT LABELS.txt
#        scripts/oracle-handcheck.py SCAN.json REPO_ROOT --sample SEED   (prints a new sample to label)
# LABELS.txt has one "file:line TYPE" per line ('#' starts a comment). Labels are kept by location,
# not by sample position, so a rule that adds or drops OA assertions cannot shift them.
import json, random, sys

scan, root = sys.argv[1], sys.argv[2]
oa = [a for a in json.load(open(scan))['assertions'] if a['is_oa']]


def show(a, truth):
    src = open(f"{root}/{a['file']}", errors='replace').read().split('\n')
    print(f"{a['file']}:{a['line']} tool={a['oracle_type']} truth={truth} | {src[a['line'] - 1].strip()[:90]}")
    print('     A:', (a['actual'] or '')[:60], '| E:', (a['expected'] or '')[:60], '|', a['evidence'][-1][9:140] if a['evidence'] else '')


if sys.argv[3] == '--sample':
    random.seed(int(sys.argv[4]))
    for a in random.sample(oa, 30):
        show(a, '?')
    sys.exit(0)

by_location = {f"{a['file']}:{a['line']}": a for a in oa}
labels = [line.split() for line in open(sys.argv[3]) if line.strip() and not line.startswith('#')]
agree = gone = 0
for location, truth in labels:
    a = by_location.get(location)
    if a is None:
        gone += 1
        print(f"{location} truth={truth} | no longer an OA assertion in this scan")
        continue
    if a['oracle_type'] == truth:
        agree += 1
    else:
        show(a, truth)
print(f"agreement {agree} / {len(labels) - gone}" + (f" ({gone} labelled assertions no longer OA)" if gone else ''))
