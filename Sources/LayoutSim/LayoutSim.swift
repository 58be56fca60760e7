// LayoutSim: see README.md
