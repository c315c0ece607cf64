"""Pure planning code (no Django import): seating rounds, and the duplicate movements
to come. The services turn stored rows into its input and its output back into rows."""
