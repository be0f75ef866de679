#include <array>
#include <iostream>
#include <string>
#include <vector>

std::array<int, 3> tally(const std::vector<std::string>& events) {
    bool locked = true;
    int passes = 0, alarms = 0, wasted = 0;
    for (const std::string& event : events) {
        if (event == "coin") {
            if (locked) locked = false;
            else wasted++;
        } else if (event == "push") {
            if (locked) {
                alarms++;
            } else {
                passes++;
                locked = true;
            }
        }
    }
    return {passes, alarms, wasted};
}

int main() {
    std::vector<std::string> events;
    for (std::string event; std::cin >> event;) events.push_back(event);
    std::array<int, 3> t = tally(events);
    std::cout << t[0] << " " << t[1] << " " << t[2] << "\n";
    return 0;
}
