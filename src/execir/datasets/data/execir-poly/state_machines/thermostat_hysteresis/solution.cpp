#include <iostream>
#include <vector>

int thermostat(const std::vector<int>& readings, int low, int high, std::vector<bool>& states) {
    bool heating = false;
    int activations = 0;
    for (int temp : readings) {
        if (temp < low) {
            if (!heating) activations++;
            heating = true;
        } else if (temp > high) {
            heating = false;
        }
        states.push_back(heating);
    }
    return activations;
}

int main() {
    int low, high;
    std::cin >> low >> high;
    std::vector<int> readings;
    for (int t; std::cin >> t;) readings.push_back(t);
    std::vector<bool> states;
    int activations = thermostat(readings, low, high, states);
    for (size_t i = 0; i < states.size(); i++) std::cout << (i ? " " : "") << (states[i] ? "on" : "off");
    std::cout << "\n" << activations << "\n";
    return 0;
}
