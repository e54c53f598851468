"""Vectorised backend: thin forwarding to nnlib.ops."""
from nnlib import ops

softmax = ops.softmax
log_softmax = ops.log_softmax
relu = ops.relu
sigmoid = ops.sigmoid
matmul = ops.matmul
mean = ops.mean
var = ops.var
logsumexp = ops.logsumexp
cumsum = ops.cumsum
conv1d = ops.conv1d
