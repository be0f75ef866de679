#include <iostream>
#include <string>

int count1011(const std::string& bits) {
    static const int step[5][2] = {{0, 1}, {2, 1}, {0, 3}, {2, 4}, {2, 1}};
    int state = 0, count = 0;
    for (char ch : bits) {
        if (ch != '0' && ch != '1') {
            state = 0;
            continue;
        }
        state = step[state][ch - '0'];
        if (state == 4) count++;
    }
    return count;
}

int main() {
    std::string word;
    while (std::cin >> word) {
        std::cout << count1011(word) << "\n";
    }
    return 0;
}
