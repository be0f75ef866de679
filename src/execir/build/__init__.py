"""execir.build"""
