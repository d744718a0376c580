"""kidgames — a family games collection for one computer."""
__version__ = "0.1.0"
