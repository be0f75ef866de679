"""execir.execution"""
