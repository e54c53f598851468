# Seeds the global generators once, as many suites do, so that the suite's own run is the same
# every time; and offers `truth`, which logs a value the test computed itself (the true error)
# to the JSON-lines file named by OALENS_MARGINS_TRUTH, for tests/margins to check the recorded
# figures against.
import json
import os
import random

import numpy as np
import pytest

SUITE_SEED = 20261201


def pytest_configure(config):
    random.seed(SUITE_SEED)
    np.random.seed(SUITE_SEED)
    try:
        import torch
    except ImportError:
        return
    torch.manual_seed(SUITE_SEED)


@pytest.fixture
def truth(request):
    path = os.environ.get("OALENS_MARGINS_TRUTH")

    def log(key, value):
        if path:
            with open(path, "a", encoding="utf-8") as out:
                out.write(json.dumps({"test": request.node.nodeid, "key": key, "value": value}) + "\n")

    return log
