"""The reports of bench/scripts/report.py, a module per kind (collection,
area, bulk, fabric, scaling), and what they share (common, payloads)."""
