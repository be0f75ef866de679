#include <array>
#include <iostream>
#include <string>
#include <vector>

std::array<int, 3> trackGate(const std::vector<std::string>& events, int capacity) {
    int occupancy = 0, turnedAway = 0, peak = 0;
    for (const std::string& event : events) {
        if (event == "in") {
            if (occupancy < capacity) {
                occupancy++;
                if (occupancy > peak) peak = occupancy;
            } else {
                turnedAway++;
            }
        } else if (event == "out" && occupancy > 0) {
            occupancy--;
        }
    }
    return {occupancy, turnedAway, peak};
}

int main() {
    int capacity;
    std::cin >> capacity;
    std::vector<std::string> events;
    for (std::string e; std::cin >> e;) events.push_back(e);
    std::array<int, 3> r = trackGate(events, capacity);
    std::cout << r[0] << " " << r[1] << " " << r[2] << "\n";
    return 0;
}
