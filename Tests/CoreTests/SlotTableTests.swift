@testable import CalloutMapCore
import XCTest

/// `SlotTable` against a dictionary doing the same: adds, removals (which move the last
/// object into the gap, as `AnnotationSet` does) and lookups, many at random.
final class SlotTableTests: XCTestCase {
    final class Object {}

    typealias Numbers = PointIndexTests.Random

    func testAgreesWithADictionaryThroughAddsAndRemovals() {
        for (seed, size) in [(7, 3000), (8, 6), (9, 40), (10, 300)] { check(seed: UInt64(seed), poolSize: size) }
    }

    private func check(seed: UInt64, poolSize: Int) {
        var random = Numbers(state: seed)
        var table = SlotTable()
        var list: [Object] = []
        var model: [ObjectIdentifier: Int32] = [:]
        let pool = (0..<poolSize).map { _ in Object() }
        func key(_ slot: Int32) -> ObjectIdentifier { ObjectIdentifier(list[Int(slot)]) }
        for step in 0..<40_000 {
            let object = pool[random.below(pool.count)]
            let id = ObjectIdentifier(object)
            if random.below(10) < 6 {
                let existing = table.insert(id, slot: Int32(list.count), key: key)
                XCTAssertEqual(existing, model[id], "step \(step)")
                if existing == nil {
                    model[id] = Int32(list.count)
                    list.append(object)
                }
            } else {
                let removed = table.remove(id, key: key)
                XCTAssertEqual(removed, model.removeValue(forKey: id), "step \(step)")
                if let i = removed.map(Int.init) {
                    let last = list.count - 1
                    if i != last {
                        table.move(ObjectIdentifier(list[last]), to: Int32(i), key: key)
                        model[ObjectIdentifier(list[last])] = Int32(i)
                        list[i] = list[last]
                    }
                    list.removeLast()
                }
            }
            XCTAssertEqual(table.count, model.count)
        }
        if poolSize > 1000 { XCTAssertGreaterThan(model.count, 1000, "a real test: the table grew past its first sizes") }
        for object in pool {
            XCTAssertEqual(table.slot(of: ObjectIdentifier(object), key: key), model[ObjectIdentifier(object)])
        }
        table.removeAll()
        XCTAssertNil(table.slot(of: ObjectIdentifier(pool[0]), key: key))
    }
}

/// `AnnotationSet` keeps finding its annotations through adds and removals of whole files.
final class AnnotationSetSlotTests: XCTestCase {
    func testAddingAndRemovingAFileManyTimesKeepsEveryPlace() {
        let set = AnnotationSet()
        func place(_ i: Int) -> PointAnnotation {
            PointAnnotation(coordinate: Coordinate(latitude: Double(i % 80), longitude: Double(i % 170)), title: "\(i)")
        }
        let pins = (0..<5).map(place)
        set.add(pins)
        for round in 0..<50 {
            let file = (0..<100).map { place($0 + round) }
            XCTAssertEqual(set.add(file), 100)
            for (i, a) in set.annotations.enumerated() { XCTAssertEqual(set.worldPoint(of: a), set.worldPoint(at: i)) }
            set.remove(round % 2 == 0 ? file : file.reversed())
            XCTAssertEqual(set.count, 5, "round \(round)")
            XCTAssertTrue(pins.allSatisfy(set.contains))
            XCTAssertFalse(file.contains(where: set.contains))
        }
    }
}

extension AnnotationSetSlotTests {
    /// A batch longer than `add` reads ahead at a time, each place in it twice (far apart) and
    /// some with no valid position: each valid one is added once, in the order first given.
    func testALongBatchAddsEachValidPlaceOnceInOrder() {
        let set = AnnotationSet()
        let places = (0..<300).map { i in
            PointAnnotation(coordinate: Coordinate(latitude: i % 7 == 0 ? .nan : Double(i % 80), longitude: 1), title: "\(i)")
        }
        let valid = places.filter { $0.coordinate.isValid }
        XCTAssertEqual(valid.count, 257)
        XCTAssertEqual(set.add(places + places.reversed()), 257)
        XCTAssertEqual(set.annotations.map { $0.title ?? "" }, valid.map { $0.title ?? "" })
        XCTAssertEqual(set.add(places), 0, "all there already")
        XCTAssertEqual(set.count, 257)
    }

    func testRandomBatchesOfNewAndOldPlaces() {
        var random = SlotTableTests.Numbers(state: 3)
        let set = AnnotationSet()
        var inSet: [PointAnnotation] = []
        for step in 0..<3000 {
            if random.below(2) == 0 || inSet.isEmpty {
                let n = random.below(60)
                var batch = (0..<n).map { PointAnnotation(coordinate: Coordinate(latitude: Double($0 % 50), longitude: 1), title: "\(step)") }
                if !inSet.isEmpty { batch += (0..<5).map { _ in inSet[random.below(inSet.count)] } }
                batch.reverse()
                set.add(batch)
                var seen = Set(inSet.map(ObjectIdentifier.init))
                for a in batch where seen.insert(ObjectIdentifier(a)).inserted { inSet.append(a) }
            } else {
                let n = random.below(inSet.count + 1)
                inSet.swapAt(0, random.below(inSet.count))
                let gone = Array(inSet.prefix(n)) + [PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0))]
                inSet.removeFirst(n)
                set.remove(gone)
            }
            XCTAssertEqual(set.count, inSet.count, "step \(step)")
            for (i, a) in set.annotations.enumerated() where set.worldPoint(of: a) != set.worldPoint(at: i) {
                XCTFail("step \(step): \(i) not found at its place")
                return
            }
            XCTAssertTrue(inSet.allSatisfy(set.contains), "step \(step)")
        }
    }
}

extension PointIndexTests.Random {
    /// A number in 0..<n, from the generator's next state.
    mutating func below(_ n: Int) -> Int {
        _ = next()
        return Int(state >> 33) % n
    }
}
