"""The playtesting lab dashboard: build rule variants, run them, see the differences with intervals."""
from .app import LabApp, VariantEditor
from .charts import figure
from .progress import tqdm_progress

__all__ = ["LabApp", "VariantEditor", "figure", "tqdm_progress"]
