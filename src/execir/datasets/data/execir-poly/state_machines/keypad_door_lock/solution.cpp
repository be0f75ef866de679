#include <iostream>
#include <string>

std::string keypadState(const std::string& keys, const std::string& code, int maxFailures) {
    std::string state = "locked", entry;
    int failures = 0;
    for (char key : keys) {
        if (state != "locked") break;
        if (key == '#') {
            if (entry == code) {
                state = "open";
            } else if (++failures >= maxFailures) {
                state = "blocked";
            }
            entry.clear();
        } else {
            entry += key;
        }
    }
    return state;
}

int main() {
    std::string code, keys;
    int limit;
    std::cin >> code >> limit;
    std::cin >> keys;
    std::cout << keypadState(keys, code, limit) << "\n";
    return 0;
}
