"""nnlib: a tiny fictional neural-network library used as an analysis target."""
from nnlib import ops
from nnlib.graph import Graph, compile
from nnlib.models import Model

__all__ = ["ops", "Graph", "compile", "Model"]
__version__ = "0.3.1"
