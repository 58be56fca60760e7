import Foundation
import LayoutSimFitting
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// The engine keeps texts shaped for fits: the same text, cascade and language is shaped once per engine, whatever
/// the size or container; anything shaping depends on shapes again; the cache is bounded; results do not change.
struct ShapedTextCacheTests {
    @Test func sameTextIsShapedOnceAcrossFits() throws {
        let engine = try TestSupport.engine()
        let text = "Benachrichtigungen aktivieren"
        let first = try engine.fit(FitRequest(text: text, font: .textStyle(.body), container: Container(width: 120), language: "de"))
        let calls = engine.shapeCallCount
        #expect(calls >= 1)
        // Another container, style and line limit: no new shaping, and the same result a fresh engine gives.
        let requests = [
            FitRequest(text: text, font: .textStyle(.body), container: Container(width: 120), language: "de"),
            FitRequest(text: text, font: .textStyle(.footnote), container: Container(width: 80, lineLimit: 2), language: "de"),
            FitRequest(text: text, font: .system(size: 13), container: Container(width: 300), language: "de"),
        ]
        for request in requests {
            let cached = try engine.fit(request)
            let fresh = try TestSupport.engine().fit(request)
            #expect(cached.results == fresh.results)
            #expect(cached.summary == fresh.summary)
        }
        #expect(engine.shapeCallCount == calls)
        #expect(engine.shapedTextHits == 3 && engine.shapedTextMisses == 1)
        #expect(try engine.fit(requests[0]).results == first.results)

        // A different language, weight or text shapes again.
        _ = try engine.fit(FitRequest(text: text, font: .textStyle(.body), container: Container(width: 120), language: "en"))
        _ = try engine.fit(FitRequest(text: text, font: .textStyle(.headline), container: Container(width: 120), language: "de"))
        _ = try engine.fit(FitRequest(text: text + "!", font: .textStyle(.body), container: Container(width: 120), language: "de"))
        #expect(engine.shapedTextMisses == 4)
        #expect(engine.shapeCallCount >= calls + 3)
    }

    /// Bounded: after `shapedTextCapacity` other texts the first one is shaped again.
    @Test func cacheIsBounded() throws {
        let engine = try TestSupport.engine()
        let container = Container(width: 200)
        _ = try engine.fit(FitRequest(text: "first", font: .system(size: 17), container: container, categories: [.large]))
        for i in 0..<LayoutEngine.shapedTextCapacity {
            _ = try engine.fit(FitRequest(text: "text \(i)", font: .system(size: 17), container: container, categories: [.large]))
        }
        let misses = engine.shapedTextMisses
        _ = try engine.fit(FitRequest(text: "first", font: .system(size: 17), container: container, categories: [.large]))
        #expect(engine.shapedTextMisses == misses + 1)
        #expect(misses == LayoutEngine.shapedTextCapacity + 1)
    }
}
