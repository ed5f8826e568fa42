"""comprules"""
