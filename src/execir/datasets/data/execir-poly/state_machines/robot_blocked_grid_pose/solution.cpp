#include <iostream>
#include <set>
#include <string>
#include <utility>

std::string finalPose(const std::string& commands, const std::set<std::pair<int, int>>& blocked) {
    const int dx[] = {0, 1, 0, -1}, dy[] = {1, 0, -1, 0};
    int x = 0, y = 0, h = 0;
    for (char c : commands) {
        if (c == 'L') {
            h = (h + 3) % 4;
        } else if (c == 'R') {
            h = (h + 1) % 4;
        } else if (c == 'F' && !blocked.count({x + dx[h], y + dy[h]})) {
            x += dx[h];
            y += dy[h];
        }
    }
    return std::to_string(x) + " " + std::to_string(y) + " " + "NESW"[h];
}

int main() {
    std::string commands;
    std::getline(std::cin, commands);
    std::set<std::pair<int, int>> blocked;
    int bx, by;
    while (std::cin >> bx >> by) blocked.insert({bx, by});
    std::cout << finalPose(commands, blocked) << "\n";
    return 0;
}
