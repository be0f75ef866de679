#include <cstdlib>
#include <iostream>
#include <string>

std::string scoreCall(const std::string& points) {
    static const std::string names[] = {"love", "fifteen", "thirty", "forty"};
    int a = 0, b = 0;
    for (char p : points) {
        if (p == 'A') a++;
        else b++;
        if ((a >= 4 || b >= 4) && std::abs(a - b) >= 2) return a > b ? "game A" : "game B";
    }
    if (a >= 3 && b >= 3) {
        if (a == b) return "deuce";
        return a > b ? "advantage A" : "advantage B";
    }
    return names[a] + "-" + names[b];
}

int main() {
    std::string game;
    while (std::cin >> game) {
        std::cout << scoreCall(game) << "\n";
    }
    return 0;
}
