"""The worker processes every question runs in, bounded in time and memory."""
