print("bindscript")
