print("puzzle-prison")
