"""execir.report"""
