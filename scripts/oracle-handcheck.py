#!/usr/bin/env python3
# Compares oalens oracle types with a hand-labelled random sample.
# usage: scripts/oracle-handcheck.py SCAN.json REPO_ROOT SEED LABELS.txt   (LABELS.txt: 30 types, or - to print the sample)
# The sample is random.sample(OA assertions in JSON order, 30) with random.seed(SEED).
import json,random,sys
lib, root, seed, truthf = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
d=json.load(open(lib))
oa=[a for a in d['assertions'] if a['is_oa']]
random.seed(seed)
sample=random.sample(oa,30)
truth=open(truthf).read().split() if truthf!='-' else ['?']*30
ok=0
for i,(a,t) in enumerate(zip(sample,truth)):
    good = a['oracle_type']==t
    ok+=good
    if not good or truthf=='-':
        src=open(root+'/'+a['file']).read().split('\n')
        print(f"#{i+1} {a['file']}:{a['line']} tool={a['oracle_type']} truth={t} | {src[a['line']-1].strip()[:90]}")
        print('     A:',a['actual'][:60],'| E:',a['expected'][:60],'|',a['evidence'][-1][9:140])
print('agreement', ok, '/ 30')
