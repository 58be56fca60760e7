@testable import LayoutSimShaping
import Testing

/// The itemizer's slots: values written by index are read back, growing keeps them and fills the new ones, and the
/// count is what was asked for at least.
struct SlotsTests {
    @Test func valuesSurviveGrowing() {
        let slots = Slots<Int32>(count: 4, filling: -1)
        #expect(slots.count == 4)
        for i in 0..<4 { slots[i] = Int32(i * 10) }
        slots.grow(to: 5, filling: 7)
        // At least twice as many as before.
        #expect(slots.count == 8)
        #expect((0..<8).map { slots[$0] } == [0, 10, 20, 30, 7, 7, 7, 7])
        slots.grow(to: 100, filling: 0)
        #expect(slots.count == 100 && slots[3] == 30 && slots[99] == 0)
        // Asking for no more than there is changes nothing.
        slots.grow(to: 50, filling: 1)
        #expect(slots.count == 100 && slots[50] == 0)
    }
}
