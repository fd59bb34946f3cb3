import NotesiteKit

Notesite.main()
