#include <iostream>
#include <string>

std::string colourAt(long long t, const long long lengths[3]) {
    static const char* names[] = {"green", "yellow", "red"};
    if (t < 0) return "invalid";
    long long cycle = 0;
    for (int i = 0; i < 3; i++) cycle += lengths[i];
    t %= cycle;
    for (int i = 0; i < 3; i++) {
        if (t < lengths[i]) return names[i];
        t -= lengths[i];
    }
    return "invalid";
}

int main() {
    long long lengths[3];
    std::cin >> lengths[0] >> lengths[1] >> lengths[2];
    long long t;
    while (std::cin >> t) {
        std::cout << colourAt(t, lengths) << "\n";
    }
    return 0;
}
