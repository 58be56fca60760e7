// LayoutSim: the umbrella module. `import LayoutSim` gives the public API of every pipeline stage (see
// architecture.md); the stages themselves are separate targets so that an arrow the architecture forbids does not
// compile.
@_exported import LayoutSimModel
@_exported import LayoutSimSupport
@_exported import LayoutSimFaces
@_exported import LayoutSimICU
@_exported import LayoutSimShaping
@_exported import LayoutSimSystemFont
@_exported import LayoutSimBreaking
@_exported import LayoutSimFitting
@_exported import LayoutSimCatalogs
@_exported import LayoutSimCheck
@_exported import LayoutSimReports
