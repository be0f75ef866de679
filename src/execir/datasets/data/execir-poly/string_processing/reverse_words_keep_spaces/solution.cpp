#include <iostream>
#include <string>

std::string reverseWords(const std::string& s) {
    std::string out;
    size_t i = 0, n = s.size();
    while (i < n) {
        if (s[i] == ' ') {
            out += ' ';
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && s[j] != ' ') j++;
        out.append(s.rbegin() + (n - j), s.rbegin() + (n - i));
        i = j;
    }
    return out;
}

int main() {
    std::string line;
    std::getline(std::cin, line);
    std::cout << reverseWords(line) << "\n";
    return 0;
}
